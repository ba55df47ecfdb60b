"""Reading inputs: files, folders, stdin, .gz and .zst, streamed in chunks.

Bad input never raises out of here: each problem is recorded in the
``InputsReport`` (skipped, with a reason) and reading goes on.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from .models import InputInfo, InputsReport, SkippedInput

CHUNK = 8 * 1024 * 1024
# Decompression bombs: an archive is read up to MAX_ARCHIVE_BYTES decompressed, and to MAX_RATIO times
# its compressed size once past RATIO_FLOOR (real logs compress 5-50x; a bomb 1000x and more). Either
# limit ends the archive with a note in the report; --max-bytes changes the first (0: no limits).
MAX_ARCHIVE_BYTES = 4 << 30
MAX_RATIO = 200
RATIO_FLOOR = 256 << 20
BINARY_SNIFF = 8192
_TEXT_BYTES = bytes(range(32, 127)) + b"\t\n\r\f\b\x1b"
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 13, 12, 8, 27))  # counted by deleting them
_HIGH_BYTES = bytes(range(128, 256))
_ANSI = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")


class InputError(Exception):
    """A path that does not exist or cannot be read at all (usage error, exit 2)."""

    exit_code = 2


@dataclass
class Source:
    """One readable log: its display name and how to stream its bytes (picklable, for worker processes)."""

    name: str
    info: InputInfo
    path: str | None = None
    data: bytes | None = None
    compression: str | None = None
    start: int = 0  # byte range of an uncompressed file, for splitting one large file across cores
    end: int | None = None
    stream: BinaryIO | None = None  # stdin: read once, streamed, never held whole in memory
    max_bytes: int | None = MAX_ARCHIVE_BYTES  # decompressed bytes read at most (archives only; None: no limit)
    max_ratio: float | None = MAX_RATIO  # decompressed / compressed size at most, past RATIO_FLOOR
    limit_hit: bool = False  # reading stopped at one of the two limits

    def read_limit(self) -> int | None:
        """How many decompressed bytes of this archive may be read (None: all; plain files: all)."""
        if self.compression is None:
            return None
        limit = self.max_bytes
        if self.max_ratio:
            packed = None
            if self.data is not None:
                packed = len(self.data)
            elif self.path is not None:
                try:
                    packed = os.path.getsize(self.path)
                except OSError:
                    packed = None
            if packed is not None:
                by_ratio = max(RATIO_FLOOR, int(packed * self.max_ratio))
                limit = by_ratio if limit is None else min(limit, by_ratio)
        return limit

    def open(self) -> BinaryIO:
        raw: BinaryIO
        if self.stream is not None:
            raw = self.stream
        elif self.data is not None:
            raw = io.BytesIO(self.data)
        else:
            assert self.path is not None
            raw = open(self.path, "rb")
        if self.compression == "gzip":
            return gzip.GzipFile(fileobj=raw)  # type: ignore[return-value]
        if self.compression == "zstd":
            import zstandard

            return zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True, closefd=True)  # type: ignore[return-value]
        if self.start or self.end is not None:
            raw.seek(self.start)
            if self.end is not None:
                return _Limited(raw, self.end - self.start)  # type: ignore[return-value]
        return raw


class _Limited(io.RawIOBase):
    def __init__(self, fh: BinaryIO, n: int):
        self.fh, self.left = fh, n

    def read(self, size: int = -1) -> bytes:
        if self.left <= 0:
            return b""
        size = self.left if size < 0 else min(size, self.left)
        data = self.fh.read(size)
        self.left -= len(data)
        return data

    def readinto(self, b) -> int:  # type: ignore[no-untyped-def]
        if self.left <= 0:
            return 0
        with memoryview(b) as mv:
            n = self.fh.readinto(mv[: min(len(mv), self.left)]) or 0  # type: ignore[attr-defined]
        self.left -= n
        return n

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self.fh.close()
        super().close()


def looks_binary(head: bytes) -> bool:
    """True when a head of bytes is not a log: many NULs or control bytes.

    A few NULs are tolerated (logs of crashed processes are often NUL-padded).
    """
    if not head:
        return False
    try:
        head.decode("utf-8")
        decodes = True
    except UnicodeDecodeError as exc:
        decodes = exc.start >= len(head) - 4  # cut inside a multibyte character at the end
    nontext = len(head) - len(head.translate(None, _CONTROL_BYTES))
    if head.count(0) > len(head) * 0.1:
        return True
    if not decodes:
        high = len(head) - len(head.translate(None, _HIGH_BYTES))
        return (nontext + high) > len(head) * 0.3
    return nontext > len(head) * 0.1


def strip_ansi(data: bytes) -> bytes:
    if b"\x1b" not in data:
        return data
    return _ANSI.sub(b"", data)


def _compression_of(path: Path, head: bytes) -> str | None:
    if head.startswith(b"\x1f\x8b"):
        return "gzip"
    if head.startswith(b"\x28\xb5\x2f\xfd"):
        return "zstd"
    return None


def _file_source(path: Path, display: str, report: InputsReport) -> Source | None:
    try:
        with open(path, "rb") as fh:
            head = fh.read(BINARY_SNIFF)
        size = path.stat().st_size
    except PermissionError:
        report.skipped.append(SkippedInput(display, "permission denied"))
        return None
    except OSError as exc:
        report.skipped.append(SkippedInput(display, f"unreadable: {exc.strerror or exc}"))
        return None
    comp = _compression_of(path, head)
    if comp is None and path.suffix == ".json" and size < 16 * 1024 * 1024 and b"extraInfo" in head + b"extraInfo" * (size > BINARY_SNIFF):
        rendered = render_elastic_error_file(path)
        if rendered is not None:
            src = bytes_source(display, rendered, report)
            src.info.notes.append("torchelastic error file (TORCHELASTIC_ERROR_FILE), rendered as text")
            return src
    info = InputInfo(name=display, compression=comp)
    if comp is None:
        if size == 0:
            info.notes.append("empty file")
        elif looks_binary(head):
            report.skipped.append(SkippedInput(display, "binary file (not a text log)"))
            return None
    return Source(display, info, path=str(path), compression=comp)


def render_elastic_error_file(path: Path) -> bytes | None:
    """A torchelastic error.json as log text: its epoch timestamp on every line, then the
    child's Python call stack and the exception message (which the launcher's log often lacks)."""
    import json
    from datetime import datetime, timezone

    try:
        doc = json.loads(path.read_text(encoding="utf-8", errors="replace"))
        msg = doc["message"]
        if isinstance(msg, str):
            text, extra = msg, {}
        else:
            text, extra = msg.get("message", ""), msg.get("extraInfo", {})
        ts = float(extra.get("timestamp", 0)) if isinstance(extra, dict) else 0.0
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    stamp = datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S") if ts else ""
    lines = ["[torchelastic error file] " + (f"child failed at {stamp}Z" if stamp else "child failed")]
    stack = extra.get("py_callstack", "") if isinstance(extra, dict) else ""
    body = [ln for ln in str(stack).splitlines() if ln.strip()]
    if text and not any(text.strip() in ln for ln in body[-3:]):
        body.append(text)
    lines += body
    prefix = f"{stamp} " if stamp else ""
    return ("\n".join(prefix + ln for ln in lines) + "\n").encode()


def _walk(path: Path) -> Iterator[Path]:
    for root, dirs, files in os.walk(path, onerror=None):
        dirs.sort()
        for name in sorted(files):
            yield Path(root) / name


def collect_sources(paths: list[str], report: InputsReport, stdin: BinaryIO | None = None) -> list[Source]:
    """Turn CLI/API paths into sources. ``-`` is standard input. Raises InputError for a missing path."""
    sources: list[Source] = []
    for raw in paths:
        if raw == "-":
            sources.append(stream_source("<stdin>", stdin if stdin is not None else sys.stdin.buffer, report))
            continue
        p = Path(raw)
        if not p.exists():
            raise InputError(f"{raw}: no such file or directory")
        if p.is_dir():
            if not os.access(p, os.R_OK | os.X_OK):
                report.skipped.append(SkippedInput(raw, "permission denied"))
                continue
            found = False
            for f in _walk(p):
                found = True
                if f.is_symlink() and not f.exists():
                    report.skipped.append(SkippedInput(str(f), "broken symbolic link"))
                    continue
                if not f.is_file():
                    continue
                src = _file_source(f, str(f), report)
                if src:
                    sources.append(src)
            if not found:
                report.skipped.append(SkippedInput(raw, "empty directory"))
            for root, dirs, _files in os.walk(p):
                for d in dirs:
                    dp = Path(root) / d
                    if not os.access(dp, os.R_OK | os.X_OK):
                        report.skipped.append(SkippedInput(str(dp), "permission denied"))
        else:
            src = _file_source(p, raw, report)
            if src:
                sources.append(src)
    return sources


def bytes_source(name: str, data: bytes, report: InputsReport) -> Source:
    head = data[:BINARY_SNIFF]
    info = InputInfo(name=name)
    comp = "gzip" if head.startswith(b"\x1f\x8b") else "zstd" if head.startswith(b"\x28\xb5\x2f\xfd") else None
    info.compression = comp
    if comp is None:
        if not data:
            info.notes.append("empty input")
        elif looks_binary(head):
            info.notes.append("input looks binary; scanned as text anyway")
    return Source(name, info, data=data, compression=comp)


class _Chain(io.RawIOBase):
    """A head already read (to sniff compression) followed by the rest of a stream."""

    def __init__(self, head: bytes, fh: BinaryIO):
        self.head, self.fh = head, fh

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:  # type: ignore[no-untyped-def]
        if self.head:
            n = min(len(b), len(self.head))
            b[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        data = self.fh.read(len(b))
        b[: len(data)] = data
        return len(data)


def stream_source(name: str, fh: BinaryIO, report: InputsReport) -> Source:
    head = fh.read(BINARY_SNIFF)
    src = bytes_source(name, head, report)
    src.data = None
    src.stream = io.BufferedReader(_Chain(head, fh), buffer_size=CHUNK)  # type: ignore[arg-type]
    return src


def split_source(src: Source, parts: int, min_part: int = 32 * 1024 * 1024) -> list[Source]:
    """Cut one large uncompressed file into byte ranges that start at line boundaries."""
    if src.path is None or src.compression is not None or parts < 2:
        return [src]
    size = os.path.getsize(src.path)
    if size < 2 * min_part:
        return [src]
    parts = min(parts, size // min_part)
    cuts = [0]
    with open(src.path, "rb") as fh:
        for i in range(1, parts):
            fh.seek(size * i // parts)
            fh.readline()
            pos = fh.tell()
            if cuts[-1] < pos < size:
                cuts.append(pos)
    cuts.append(size)
    return [
        Source(src.name, InputInfo(name=src.name), path=src.path, start=a, end=b)
        for a, b in zip(cuts, cuts[1:])
    ]


class ChunkReader:
    """Reads a source into a caller's buffer (no per-chunk allocation), with ``iter_chunks``'s
    error handling: a truncated or corrupt archive ends the stream with a note."""

    def __init__(self, source: Source):
        self.source = source
        self.fh: BinaryIO | None = None
        self.left = source.read_limit()  # decompressed bytes still allowed (None: no limit)
        try:
            self.fh = source.open()
        except OSError as exc:
            source.info.notes.append(f"unreadable: {exc}")

    def _stop_at_limit(self) -> None:
        """The archive's read limit is reached: end it here, with a note, if anything is left."""
        fh = self.fh
        more = b""
        try:
            more = fh.read(1) if fh is not None else b""
        except Exception:  # noqa: BLE001 - a corrupt rest counts as nothing more
            more = b""
        self.close()
        if more:
            src = self.source
            src.limit_hit = True
            packed = len(src.data) if src.data is not None else None
            if packed is None and src.path is not None:
                try:
                    packed = os.path.getsize(src.path)
                except OSError:
                    packed = None
            ratio = f" from {_human_bytes(packed)} compressed" if packed else ""
            src.info.notes.append(
                f"archive expands past the read limit: stopped after {_human_bytes(src.info.bytes)} decompressed{ratio} "
                f"(limits: {_human_bytes(src.max_bytes) if src.max_bytes else 'none'} decompressed, "
                f"{src.max_ratio:g}x the compressed size past {_human_bytes(RATIO_FLOOR)}); the rest was not read "
                "(denpex diagnose --max-bytes to change, 0 for no limit)"
                if src.max_ratio
                else f"archive expands past the read limit: stopped after {_human_bytes(src.info.bytes)} decompressed{ratio}; "
                "the rest was not read"
            )

    def readinto(self, view: memoryview) -> int:
        """Fill ``view`` completely unless the stream ends; 0 at the end (or after an error)."""
        if self.fh is None:
            return 0
        source = self.source
        got = 0
        size = len(view)
        if self.left is not None:
            if self.left <= 0:
                self._stop_at_limit()
                return 0
            size = min(size, self.left)
            view = view[:size]
        readinto = getattr(self.fh, "readinto", None)
        while got < size:
            try:
                if readinto is not None:
                    n = readinto(view[got:])
                else:
                    data = self.fh.read(size - got)
                    n = len(data)
                    view[got : got + n] = data
            except Exception as exc:  # noqa: BLE001 - EOFError, zlib.error, zstandard.ZstdError and friends
                source.info.notes.append(_stream_error_note(exc))
                self.close()
                break
            if not n:
                self.close()
                break
            got += n
        source.info.bytes += got
        if self.left is not None:
            self.left -= got
        if got and source.info.blank and _NONBLANK.search(view[:got]) is not None:
            source.info.blank = False  # checked only until the first byte that is not whitespace
        return got

    def close(self) -> None:
        fh, self.fh = self.fh, None
        if fh is not None:
            try:
                fh.close()
            except Exception:  # noqa: BLE001, S110 - closing a broken stream must not hide what was read
                pass


_NONBLANK = re.compile(rb"[^\s\x00]")


def _human_bytes(n: int | None) -> str:
    if n is None:
        return "?"
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} bytes"


def _stream_error_note(exc: BaseException) -> str:
    if isinstance(exc, EOFError):
        return "truncated archive: the compressed stream ended early; everything before the cut was read"
    return f"corrupt or truncated archive ({type(exc).__name__}: {exc}); everything before it was read"


def iter_chunks(source: Source, chunk_size: int | None = None) -> Iterator[bytes]:
    """Stream decompressed bytes in chunks (``ChunkReader`` with a fresh buffer per chunk)."""
    chunk_size = chunk_size or CHUNK
    reader = ChunkReader(source)
    try:
        while True:
            buf = bytearray(chunk_size)
            n = reader.readinto(memoryview(buf))
            if not n:
                return
            yield bytes(buf[:n])
    finally:
        reader.close()
