"""Reading inputs: files, folders, stdin, .gz and .zst, streamed in chunks.

Bad input never raises out of here: each problem is recorded in the
``InputsReport`` (skipped, with a reason) and reading goes on.
"""

from __future__ import annotations

import io
import os
import re
import stat
import sys
import zlib
from collections.abc import Callable, Iterator
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
MAX_STRUCTURED_BYTES = 64 * 1024 * 1024  # a larger JSON-lines file is read as plain text (denpex.structured)
MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024  # a larger .ipynb is read as plain text (denpex.notebooks)
_TEXT_BYTES = bytes(range(32, 127)) + b"\t\n\r\f\b\x1b"
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 13, 12, 8, 27))  # counted by deleting them
_HIGH_BYTES = bytes(range(128, 256))
_ANSI = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
# ... and the same colour codes written out as text, as a notebook's JSON output or a JS console quotes
# them ("\u001b[31mRuntimeError\u001b[39m: ...", "\x1b[0m", "\033[1;31m"): left in, they glue to the
# words around them ("...mRuntimeError")
_ANSI_TEXT = re.compile(rb"\\(?:u001[bB]|x1[bB]|033)\[[0-9;]{0,40}[A-Za-z]")


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
    stream: BinaryIO | None = None  # stdin, pipes: read once, streamed, never held whole in memory
    encoding: str | None = None  # text encoding when not UTF-8 (UTF-16 with or without BOM, GB18030, ...)
    member: str | None = None  # a member of a .zip bundle at ``path``
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
        elif self.member is not None:
            import zipfile

            assert self.path is not None
            zf = zipfile.ZipFile(self.path)
            raw = _Closing(zf.open(self.member), zf)  # type: ignore[assignment]
        else:
            assert self.path is not None
            raw = open(self.path, "rb")
        if self.compression in ("gzip", "zstd"):
            raw = _Inflate(raw, self.compression, self.info)  # type: ignore[assignment]
        elif self.start or self.end is not None:
            raw.seek(self.start)
            if self.end is not None:
                raw = _Limited(raw, self.end - self.start)  # type: ignore[assignment]
        if self.encoding:
            raw = _Transcode(raw, self.encoding)  # type: ignore[assignment]
        return raw


class _Wrapped(io.RawIOBase):
    """A readable raw stream over another one (``fh``), which it closes with itself; ``_serve``
    hands out ``self.out``, the bytes already produced and not yet read."""

    fh: BinaryIO
    out: memoryview

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self.fh.close()
        super().close()

    def _serve(self, b) -> int:  # type: ignore[no-untyped-def]
        n = min(len(b), len(self.out))
        b[:n] = self.out[:n]
        self.out = self.out[n:]
        return n


class _Limited(_Wrapped):
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


class _Closing(_Wrapped):
    """A zip member's stream that also closes its archive."""

    def __init__(self, fh: BinaryIO, owner: object):
        self.fh, self.owner = fh, owner

    def readinto(self, b) -> int:  # type: ignore[no-untyped-def]
        data = self.fh.read(len(b))
        b[: len(data)] = data
        return len(data)

    def close(self) -> None:
        super().close()
        self.owner.close()  # type: ignore[attr-defined]


class _Inflate(_Wrapped):
    """gzip (one or several members) or zstd (one or several frames), decompressed as the compressed
    bytes arrive. A stream cut short ends with everything decompressed up to the cut (gzip: to the
    byte; zstd: to the last whole block) and a note saying where it stopped; corrupt data likewise.
    Each call decompresses a bounded amount (``OUT``), so a bomb costs no more memory than a log."""

    IN = 64 * 1024
    OUT = 4 * 1024 * 1024

    def __init__(self, fh: BinaryIO, kind: str, info: InputInfo):
        self.fh, self.kind, self.info = fh, kind, info
        self.obj = self._new()
        self.pending = b""  # compressed input not yet given to the decompressor
        self.out = memoryview(b"")
        self.packed = 0  # compressed bytes read
        self.unpacked = 0  # decompressed bytes produced
        self.member_bytes = 0  # compressed bytes given to the current member / frame
        self.done = False

    def _new(self):  # type: ignore[no-untyped-def]
        self.member_bytes = 0
        if self.kind == "gzip":
            return zlib.decompressobj(47)  # gzip or zlib header, detected
        import zstandard

        return zstandard.ZstdDecompressor().decompressobj()

    def _step(self) -> bytes:
        obj = self.obj
        if self.kind == "gzip" and obj.unconsumed_tail:
            return obj.decompress(obj.unconsumed_tail, self.OUT)
        if obj.eof:  # another member / frame may follow (NUL padding after the last one is skipped)
            rest = obj.unused_data + self.pending
            self.obj = obj = self._new()
            self.pending = rest if rest.strip(b"\x00") else b""
        if not self.pending and not self._fill():
            self.done = True
            if self.member_bytes and not obj.eof:
                self.info.notes.append(
                    f"truncated archive: the compressed stream ends early, after {_human_bytes(self.packed)} compressed "
                    f"({_human_bytes(self.unpacked)} of text); every complete line before the cut was read"
                )
            return b""
        # zstd has no output bound per call: while the output grows much faster than the input (a
        # bomb), small inputs keep each call's output small
        size = self.IN if self.kind == "gzip" or self.unpacked < 64 * self.packed + self.OUT else 1024
        piece, self.pending = self.pending[:size], self.pending[size:]
        self.member_bytes += len(piece)
        if self.kind == "gzip":
            return obj.decompress(piece, self.OUT)
        return obj.decompress(piece)

    def _fill(self) -> bool:
        raw = self.fh.read(1 << 20)
        if not raw:
            return False
        self.packed += len(raw)
        self.pending += raw
        return True

    def readinto(self, b) -> int:  # type: ignore[no-untyped-def]
        while not len(self.out):
            if self.done:
                return 0
            try:
                data = self._step()
            except Exception as exc:  # noqa: BLE001 - zlib.error, ZstdError: corrupt from here on
                self.done = True
                self.info.notes.append(
                    f"corrupt archive ({type(exc).__name__}: {exc}) after {_human_bytes(self.packed)} compressed "
                    f"({_human_bytes(self.unpacked)} of text); everything before it was read"
                )
                return 0
            self.unpacked += len(data)
            self.out = memoryview(data)
        return self._serve(b)


class _Transcode(_Wrapped):
    """A stream in another text encoding (UTF-16, GB18030, ...) as UTF-8, decoded incrementally."""

    def __init__(self, fh: BinaryIO, encoding: str):
        import codecs

        self.fh = fh
        self.dec = codecs.getincrementaldecoder(encoding)(errors="replace")
        self.out = memoryview(b"")
        self.eof = False

    def readinto(self, b) -> int:  # type: ignore[no-untyped-def]
        while not len(self.out):
            if self.eof:
                return 0
            raw = self.fh.read(1 << 20)
            if not raw:
                self.eof = True
                text = self.dec.decode(b"", final=True)
            else:
                text = self.dec.decode(raw)
            self.out = memoryview(text.encode("utf-8", "surrogatepass"))
        return self._serve(b)


def detect_encoding(head: bytes) -> str | None:
    """The text encoding of a log's first bytes when it is not UTF-8 (None: UTF-8 or ASCII): a BOM,
    UTF-16 without one (a NUL in every other byte), else charset-normalizer for legacy encodings
    (GB18030/GBK, Shift-JIS, cp1252, ...)."""
    import codecs

    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)) and len(head) >= 4 and head[2:4] in (b"\x00\x00", b"\xfe\xff"):
        return "utf-32"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    sample = head[: len(head) & ~1]
    if len(sample) >= 16:
        half = len(sample) // 2
        odd, even = sample[1::2].count(0), sample[0::2].count(0)
        if odd > 0.4 * half and even < 0.05 * half:
            return "utf-16-le"
        if even > 0.4 * half and odd < 0.05 * half:
            return "utf-16-be"
    text = head.replace(b"\x00", b"")
    try:
        text.decode("utf-8")
        return None
    except UnicodeDecodeError as exc:
        if exc.start >= len(text) - 4:
            return None  # cut inside a multibyte character at the end
    for cjk in ("gb18030", "shift_jis", "euc_kr", "big5"):
        # logs are mostly ASCII with a few words in another script: too little for a statistical guess
        # to tell GBK from cp1257, but a strict decode that turns every high byte into CJK text does
        try:
            decoded = text.decode(cjk)
        except UnicodeDecodeError:
            continue
        wide = sum(1 for ch in decoded if ord(ch) > 127)
        if wide and sum(1 for ch in decoded if "\u3040" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af") >= 0.8 * wide:
            return cjk
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - a dependency
        return None
    best = from_bytes(text[:BINARY_SNIFF], steps=1, explain=False).best()
    if best is None or best.encoding in ("utf_8", "ascii"):
        return None
    return best.encoding


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


# the bytes that announce either kind: a raw ESC, or "1b[" / "\\033[" of an escape written out as text
_RAW_MARK = b"\x1b"
_TEXT_MARKS = (b"1b[", b"\\033[")


def has_escapes(data: bytes | bytearray, start: int = 0, end: int | None = None) -> bool:
    """Whether ``data[start:end]`` may hold terminal escapes, raw or written out as text."""
    end = len(data) if end is None else end
    return any(data.find(m, start, end) != -1 for m in (_RAW_MARK, *_TEXT_MARKS))


def strip_ansi(data: bytes) -> bytes:
    if _RAW_MARK in data:
        data = _ANSI.sub(b"", data)
    if any(m in data for m in _TEXT_MARKS):
        data = _ANSI_TEXT.sub(b"", data)
    return data


def _compression_of(path: Path, head: bytes) -> str | None:
    if head.startswith(b"\x1f\x8b"):
        return "gzip"
    if head.startswith(b"\x28\xb5\x2f\xfd"):
        return "zstd"
    return None


_UNSAFE_NAME = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def safe_name(name: str) -> str:
    """A file name as it may be shown: control characters (terminal escapes, BEL, newlines) and
    bidirectional overrides written as visible escapes, undecodable bytes as U+FFFD."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        name = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if _UNSAFE_NAME.search(name) is None:
        return name
    return _UNSAFE_NAME.sub(lambda m: f"\\x{ord(m.group(0)):02x}" if ord(m.group(0)) < 0x100 else f"\\u{ord(m.group(0)):04x}", name)


NUL_SEEK = 64 * 1024 * 1024  # how far past a leading NUL hole the sniff looks for text


def _sniff(fh: BinaryIO, regular: bool) -> bytes:
    """The first bytes of a file for the text/encoding checks; past a leading NUL hole (copytruncate
    rotation leaves one) in a regular file."""
    head = fh.read(BINARY_SNIFF)
    if not regular or not head or head.strip(b"\x00"):
        return head
    try:
        fh.seek(os.lseek(fh.fileno(), 0, getattr(os, "SEEK_DATA", 3)))  # sparse hole: skipped at once
    except (OSError, AttributeError, ValueError):
        pass
    seen = 0
    while seen < NUL_SEEK:
        block = fh.read(1 << 16)
        if not block:
            break
        seen += len(block)
        text = block.lstrip(b"\x00")
        if text:
            return text + fh.read(BINARY_SNIFF)
    return head


def _head_of(data: bytes, comp: str | None) -> bytes:
    """The first decompressed bytes of an archive's head (for the bundle and encoding checks)."""
    if comp is None:
        return data
    try:
        if comp == "gzip":
            return zlib.decompressobj(47).decompress(data, BINARY_SNIFF)
        import zstandard

        return zstandard.ZstdDecompressor().decompressobj().decompress(data[:4096])[:BINARY_SNIFF]
    except Exception:  # noqa: BLE001 - corrupt from the start: read as it is, the scan says so
        return b""


def _bundle_kind(raw_head: bytes, head: bytes) -> str | None:
    if raw_head.startswith(b"PK\x03\x04") or raw_head.startswith(b"PK\x05\x06"):
        return "zip"
    if len(head) >= 262 and head[257:262] == b"ustar":
        return "tar"
    return None


def _text_check(head: bytes) -> tuple[str | None, bool]:
    """(encoding when not UTF-8, whether the head looks binary) of a log's first (decompressed) bytes."""
    enc = detect_encoding(head)
    if enc and enc != "utf-8-sig":
        sample = head.decode(enc, "replace").encode("utf-8")
    else:
        sample = head.replace(b"\x00", b"")
    return (None if enc == "utf-8-sig" else enc), looks_binary(sample)


def _file_source(path: Path, display: str, report: InputsReport) -> Source | list[Source] | None:
    try:
        st = path.stat()
        regular = stat.S_ISREG(st.st_mode)
        if not regular:
            # a pipe (<(cmd), /dev/stdin), a FIFO, a character device: one stream, read once
            return stream_source(display, open(path, "rb"), report)  # noqa: SIM115 - closed by the reader
        with open(path, "rb") as fh:
            head = _sniff(fh, regular)
        size = st.st_size
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
            return _rendered(display, rendered, report, "torchelastic error file (TORCHELASTIC_ERROR_FILE), rendered as text")
    structured_note = None
    if comp is None:
        src, structured_note = _log_in_a_format(display, path.suffix, head, size, path.read_bytes, report)
        if src is not None:
            return src
    plain = _head_of(head, comp)
    bundle = _bundle_kind(head, plain)
    if bundle is not None:
        from .bundles import bundle_sources

        return bundle_sources(display, bundle, comp, report, path=str(path))
    info = InputInfo(name=display, compression=comp)
    if structured_note:
        info.notes.append(structured_note)
    enc, binary = _text_check(plain)
    if size == 0:
        info.notes.append("empty file")
    elif binary:
        report.skipped.append(SkippedInput(display, "binary file (not a text log)"))
        return None
    if enc:
        info.notes.append(f"text encoding {enc}, read as such")
    return Source(display, info, path=str(path), compression=comp, encoding=enc)


def _log_in_a_format(display: str, suffix: str, head: bytes, size: int, load: Callable[[], bytes],
                     report: InputsReport) -> tuple[Source | None, str | None]:
    """A file in a format that holds log text, read as that text: a Jupyter notebook (``denpex.notebooks``)
    or a JSON-lines log (``denpex.structured``). (None, note) when it is neither, too large, or not what
    its name or first bytes promised: it is then read as the text it is, with the note when there is one."""
    try:
        if suffix.lower() == ".ipynb" and size <= MAX_NOTEBOOK_BYTES:
            from .notebooks import render_notebook

            rendered = render_notebook(load())
            if rendered is not None:
                return _rendered(display, rendered, report, "Jupyter notebook: the outputs of its code cells, read as text "
                                 "(sources and images left out)"), None
        if head[:1] == b"{":
            from .structured import looks_structured, render_structured

            if looks_structured(head):
                if size > MAX_STRUCTURED_BYTES:
                    return None, (f"JSON-lines log larger than {MAX_STRUCTURED_BYTES >> 20} MiB: read as plain text "
                                  "(tracebacks held in escaped records are not followed frame by frame)")
                return _rendered(display, render_structured(load()), report, "JSON-lines log (container, log shipper or "
                                 "JSON logger records): each record's message and traceback read as text; line numbers "
                                 "refer to that text"), None
    except OSError:
        pass
    return None, None


def _rendered(display: str, text: bytes, report: InputsReport, note: str) -> Source:
    """A file read through a renderer (a format that holds log text: notebook, JSON lines, an error file)
    as the text it holds, under the file's name, with a note that says so."""
    src = bytes_source(display, text, report)
    src.info.notes.append(note)
    return src


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


def _walk(path: Path, report: InputsReport) -> Iterator[Path]:
    """Every file under ``path``, sorted, depth first without recursion (a folder thousands of levels
    deep is walked like any other); unreadable folders are reported, symbolic links to folders are
    not followed."""
    stack = [path]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except PermissionError:
            report.skipped.append(SkippedInput(safe_name(str(folder)), "permission denied"))
            continue
        except OSError as exc:
            report.skipped.append(SkippedInput(safe_name(str(folder)), f"unreadable: {exc.strerror or exc}"))
            continue
        subdirs = []
        for e in entries:
            try:
                is_dir = e.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                subdirs.append(Path(e.path))
            else:
                yield Path(e.path)
        stack.extend(reversed(subdirs))


def collect_sources(paths: list[str], report: InputsReport, stdin: BinaryIO | None = None) -> list[Source]:
    """Turn CLI/API paths into sources. ``-`` is standard input. Raises InputError for a missing path.
    Pipes, FIFOs and devices (``<(cmd)``, ``/dev/stdin``) are read as streams; .tar/.tgz/.zip bundles
    as their member files; names are shown with control characters escaped (``safe_name``)."""
    sources: list[Source] = []

    def add(src: Source | list[Source] | None) -> None:
        if isinstance(src, list):
            sources.extend(src)
        elif src is not None:
            sources.append(src)

    for raw in paths:
        shown = safe_name(raw)
        if raw == "-":
            fh = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
            if fh is None or getattr(fh, "closed", False):
                report.skipped.append(SkippedInput("<stdin>", "standard input is closed"))
                continue
            try:
                add(stream_source("<stdin>", fh, report))
            except (OSError, ValueError) as exc:
                report.skipped.append(SkippedInput("<stdin>", f"unreadable: {getattr(exc, 'strerror', None) or exc}"))
            continue
        p = Path(raw)
        if not p.exists():
            raise InputError(f"{shown}: no such file or directory")
        if p.is_dir():
            if not os.access(p, os.R_OK | os.X_OK):
                report.skipped.append(SkippedInput(shown, "permission denied"))
                continue
            found = False
            for f in _walk(p, report):
                found = True
                name = safe_name(str(f))
                if f.is_symlink() and not f.exists():
                    report.skipped.append(SkippedInput(name, "broken symbolic link"))
                    continue
                if not f.is_file():
                    continue
                add(_file_source(f, name, report))
            if not found:
                report.skipped.append(SkippedInput(shown, "empty directory"))
        else:
            add(_file_source(p, shown, report))
    return sources


def bytes_source(name: str, data: bytes, report: InputsReport) -> Source:
    head = data[:BINARY_SNIFF]
    info = InputInfo(name=name)
    comp = "gzip" if head.startswith(b"\x1f\x8b") else "zstd" if head.startswith(b"\x28\xb5\x2f\xfd") else None
    info.compression = comp
    enc, binary = _text_check(_head_of(head, comp))
    if not data:
        info.notes.append("empty input")
    elif binary:
        info.notes.append("input looks binary; scanned as text anyway")
    if enc:
        info.notes.append(f"text encoding {enc}, read as such")
    return Source(name, info, data=data, compression=comp, encoding=enc)


def bytes_sources(name: str, data: bytes, report: InputsReport, max_bytes: int | None = MAX_ARCHIVE_BYTES) -> list[Source]:
    """``bytes_source``, with a .tar/.tgz/.zip bundle read as its member files (each a source named
    ``name/member``), at most ``max_bytes`` decompressed in all."""
    head = data[:BINARY_SNIFF]
    comp = "gzip" if head.startswith(b"\x1f\x8b") else "zstd" if head.startswith(b"\x28\xb5\x2f\xfd") else None
    bundle = _bundle_kind(head, _head_of(head, comp))
    if bundle is not None:
        from .bundles import bundle_sources

        return bundle_sources(safe_name(name), bundle, comp, report, data=data, max_bytes=max_bytes)
    if comp is None:  # an uploaded notebook or JSON-lines log, as on the command line
        src, note = _log_in_a_format(name, Path(name).suffix, head, len(data), lambda: data, report)
        if src is not None:
            return [src]
        if note:
            plain = bytes_source(name, data, report)
            plain.info.notes.append(note)
            return [plain]
    return [bytes_source(name, data, report)]


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
    head = b""
    while len(head) < BINARY_SNIFF:  # a pipe gives what it has: read until the sniff is full or it ends
        more = fh.read(BINARY_SNIFF - len(head))
        if not more:
            break
        head += more
    src = bytes_source(name, head, report)
    src.data = None
    src.stream = io.BufferedReader(_Chain(head, fh), buffer_size=CHUNK)  # type: ignore[arg-type]
    return src


def split_source(src: Source, parts: int, min_part: int = 32 * 1024 * 1024) -> list[Source]:
    """Cut one large uncompressed file into byte ranges that start at line boundaries."""
    if src.path is None or src.compression is not None or parts < 2 or src.encoding or src.member or src.start or src.end is not None:
        return [src]
    size = os.path.getsize(src.path)
    if size < 2 * min_part:
        return [src]
    parts = min(parts, size // min_part)
    cuts = [0]
    with open(src.path, "rb") as fh:
        for i in range(1, parts):
            fh.seek(size * i // parts)
            pos = _next_line_start(fh, size)
            if cuts[-1] < pos < size:
                cuts.append(pos)
    cuts.append(size)
    return [
        Source(src.name, InputInfo(name=src.name), path=src.path, start=a, end=b)
        for a, b in zip(cuts, cuts[1:])
    ]


def _next_line_start(fh: BinaryIO, size: int) -> int:
    """The offset after the next newline from ``fh``'s position (``size`` if none), read in 1 MiB
    blocks: ``readline`` would hold a whole NUL hole or a line without newline in memory."""
    pos = fh.tell()
    while True:
        block = fh.read(1 << 20)
        if not block:
            return size
        k = block.find(b"\n")
        if k != -1:
            return pos + k + 1
        pos += len(block)


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
