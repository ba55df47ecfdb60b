"""Bundles of logs (.tar, .tar.gz/.tgz, .tar.zst, .zip): each member file is an input of its own.

People attach a run's log folder to a ticket as one archive. Its members are read as files named
``bundle.tgz/node-2/rank3.log``, so rank and host attribution work from member paths as from a
folder. The decompressed-size bounds of single archives hold for a bundle as a whole: at most
``max_bytes`` in all and ``MAX_RATIO`` times the bundle's size past ``RATIO_FLOOR``.

An uncompressed tar's members are byte ranges of the file and a zip's members are opened one at a
time (nothing is held in memory); a compressed tar can only be read front to back, so its members
are read into memory, within the same bounds and at most ``MAX_IN_MEMORY`` in all (more is left out
with a note).
"""

from __future__ import annotations

import io
import os
import tarfile
from collections.abc import Iterator

from .models import InputInfo, InputsReport, SkippedInput
from .readers import (
    BINARY_SNIFF,
    MAX_ARCHIVE_BYTES,
    MAX_RATIO,
    RATIO_FLOOR,
    Source,
    _human_bytes,
    _Inflate,
    _text_check,
    safe_name,
)

MAX_IN_MEMORY = 1 << 30
MAX_MEMBERS = 100_000


def _limit(packed: int, max_bytes: int | None) -> int | None:
    by_ratio = max(RATIO_FLOOR, packed * MAX_RATIO)
    return by_ratio if max_bytes is None else min(max_bytes, by_ratio)


def bundle_sources(
    name: str,
    kind: str,
    compression: str | None,
    report: InputsReport,
    *,
    path: str | None = None,
    data: bytes | None = None,
    max_bytes: int | None = MAX_ARCHIVE_BYTES,
) -> list[Source]:
    """The member files of a bundle at ``path`` (or in ``data``) as sources."""
    packed = len(data) if data is not None else os.path.getsize(path or "")
    limit = _limit(packed, max_bytes)
    try:
        if kind == "zip":
            out = list(_zip_members(name, report, path, data, limit))
        else:
            out = list(_tar_members(name, compression, report, path, data, limit))
    except Exception as exc:  # noqa: BLE001 - BadZipFile, zlib.error: a corrupt bundle is reported, not raised
        report.skipped.append(SkippedInput(name, f"unreadable bundle: {type(exc).__name__}: {exc}"))
        return []
    if not out and not any(s.path.startswith(name) for s in report.skipped):
        report.skipped.append(SkippedInput(name, "bundle without log files"))
    return out


def _member_source(bundle: str, member_name: str, head: bytes, report: InputsReport, **kw) -> Source | None:  # type: ignore[no-untyped-def]
    display = f"{bundle}/{safe_name(member_name.lstrip('/'))}"
    enc, binary = _text_check(head)
    if binary:
        report.skipped.append(SkippedInput(display, "binary file (not a text log)"))
        return None
    info = InputInfo(name=display)
    if enc:
        info.notes.append(f"text encoding {enc}, read as such")
    if not head:
        info.notes.append("empty file")
    return Source(display, info, encoding=enc, **kw)


def _zip_members(name: str, report: InputsReport, path: str | None, data: bytes | None, limit: int | None) -> Iterator[Source]:
    import zipfile

    if data is not None:
        # an upload: members are read into memory here, within the bounds
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            yield from _read_members(name, report, limit, ((i.filename, zf.open(i)) for i in zf.infolist() if not i.is_dir()))
        return
    total = 0
    assert path is not None
    with zipfile.ZipFile(path) as zf:
        for n, info in enumerate(i for i in zf.infolist() if not i.is_dir()):
            if n >= MAX_MEMBERS:
                report.skipped.append(SkippedInput(name, f"more than {MAX_MEMBERS} members: the rest was not read"))
                return
            total += info.file_size
            if limit is not None and total > limit:
                report.skipped.append(SkippedInput(
                    f"{name}/{safe_name(info.filename)}",
                    f"bundle expands past the read limit ({_human_bytes(limit)} decompressed): this member and the rest were not read",
                ))
                return
            with zf.open(info) as fh:
                head = fh.read(BINARY_SNIFF)
            src = _member_source(name, info.filename, head, report, path=path, member=info.filename)
            if src is not None:
                yield src


def _tar_members(
    name: str, compression: str | None, report: InputsReport, path: str | None, data: bytes | None, limit: int | None
) -> Iterator[Source]:
    if compression is None and path is not None:
        # members are byte ranges of the file: nothing is read now but each member's head
        total = 0
        with tarfile.open(path, "r:") as tf, open(path, "rb") as fh:
            for n, m in enumerate(m for m in tf if m.isfile()):
                if n >= MAX_MEMBERS:
                    report.skipped.append(SkippedInput(name, f"more than {MAX_MEMBERS} members: the rest was not read"))
                    return
                total += m.size
                fh.seek(m.offset_data)
                head = fh.read(min(BINARY_SNIFF, m.size))
                src = _member_source(name, m.name, head, report, path=path, start=m.offset_data, end=m.offset_data + m.size)
                if src is not None:
                    yield src
        return
    raw: io.BufferedIOBase
    raw = io.BytesIO(data) if data is not None else open(path or "", "rb")  # type: ignore[assignment]  # noqa: SIM115
    stream = raw
    probe = InputInfo(name=name)
    if compression in ("gzip", "zstd"):
        stream = io.BufferedReader(_Inflate(raw, compression, probe), 1 << 20)  # type: ignore[arg-type]
    try:
        with tarfile.open(fileobj=stream, mode="r|") as tf:
            members = ((m.name, tf.extractfile(m)) for m in tf if m.isfile())
            yield from _read_members(name, report, limit, members)  # type: ignore[arg-type]
    finally:
        stream.close()
    for note in probe.notes:
        report.skipped.append(SkippedInput(name, note))


def _read_members(name: str, report: InputsReport, limit: int | None, members: Iterator[tuple[str, io.BufferedIOBase]]) -> Iterator[Source]:
    """Members read front to back into memory, within ``limit`` and ``MAX_IN_MEMORY`` in all."""
    total = 0
    cap = MAX_IN_MEMORY if limit is None else min(limit, MAX_IN_MEMORY)
    for n, (member, fh) in enumerate(members):
        if n >= MAX_MEMBERS:
            report.skipped.append(SkippedInput(name, f"more than {MAX_MEMBERS} members: the rest was not read"))
            return
        if fh is None:
            continue
        body = fh.read(cap - total + 1)
        total += len(body)
        if total > cap:
            report.skipped.append(SkippedInput(
                f"{name}/{safe_name(member)}",
                f"bundle expands past the read limit ({_human_bytes(cap)} decompressed): this member and the rest were not read",
            ))
            return
        src = _member_source(name, member, body[:BINARY_SNIFF], report, data=body)
        if src is not None:
            src.info.bytes = 0
            yield src
