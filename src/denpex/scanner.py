"""Scanning: every signature at once over whole chunks, full regex only on candidate lines.

The fast path compiles all signatures into one Hyperscan database and streams
8 MiB chunks through it; a match offset is mapped back to its line, and only
there is the entry's Python regex run to verify and extract named groups.
The plain path (``PlainMatcher``) runs every regex on every line; it is the
reference the property tests compare the fast path against.

Lines are numbered by ``\\n``; a bare ``\\r`` (progress bars redrawing) splits a
physical line into segments that are matched separately. ANSI colour codes are
removed before matching.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from .line_match import PREFIX_STARTS, first_match, without_prefixes
from .hits import EVIDENCE_CHARS, Hit, _decode, cut_text
from .matchers import HyperscanMatcher, PlainMatcher, make_matcher
from .models import InputInfo
from .progress_lines import (
    _PROGRESS,
    LAST_LINE_RULE,
    PROGRESS_RULE,
    PROGRESS_WINDOW,
    _progress_from_window,
    _progress_hits,
    _progress_window,
    window_key,
)
from .readers import Source, has_escapes, iter_chunks, strip_ansi
from .rules import Rule

CONTEXT_LINES = 64
MAX_LINE = 8 * 1024 * 1024
TAIL_BYTES = 1024 * 1024
BEFORE_KEPT = 24
NUL_ONLY_LIMIT = 64 * 1024 * 1024  # an input that is nothing but NUL bytes this far is not read on

__all__ = [
    "CONTEXT_LINES",
    "EVIDENCE_CHARS",
    "LAST_LINE_RULE",
    "MAX_LINE",
    "PROGRESS_RULE",
    "PROGRESS_WINDOW",
    "_PROGRESS",
    "Hit",
    "HyperscanMatcher",
    "PlainMatcher",
    "_progress_from_window",
    "_progress_hits",
    "_progress_window",
    "make_matcher",
    "scan_source",
    "scan_source_reference",
]


def _line_bounds(buf: bytes | bytearray, offset: int, n: int | None = None) -> tuple[int, int]:
    n = len(buf) if n is None else n
    start = buf.rfind(b"\n", 0, offset) + 1
    end = buf.find(b"\n", offset, n)
    return start, (n if end == -1 else end)


def _lines_before(buf: bytes | bytearray, start: int, count: int) -> list[bytes]:
    out: list[bytes] = []
    pos = start - 1  # the newline ending the previous line
    while pos > 0 and len(out) < count:
        s = buf.rfind(b"\n", 0, pos) + 1
        out.append(buf[s:pos])
        pos = s - 1
    out.reverse()
    return out


def _lines_after(buf: bytes | bytearray, end: int, count: int, n: int | None = None) -> list[bytes]:
    out: list[bytes] = []
    pos = end + 1
    n = len(buf) if n is None else n
    while pos < n and len(out) < count:
        e = buf.find(b"\n", pos, n)
        if e == -1:
            e = n
        out.append(buf[pos:e])
        pos = e + 1
    return out


def _start_of_last_lines(buf: bytes | bytearray, end: int, count: int, floor: int) -> int:
    """Offset where the last ``count`` lines before ``end`` begin (not below ``floor``)."""
    pos = end
    for _ in range(count):
        if pos <= floor:
            return max(floor, end - TAIL_BYTES)
        pos = buf.rfind(b"\n", floor, pos - 1) + 1
        if pos == 0:
            # never more than TAIL_BYTES: a line without a newline is kept as a window, not whole
            return max(floor, 0, end - TAIL_BYTES)
    return max(pos, floor, end - TAIL_BYTES)


def _before_text(buf: bytes | bytearray, s: int) -> tuple[str, ...]:
    """The ``BEFORE_KEPT`` lines above the line starting at ``s``, decoded in one go."""
    lines = _lines_before(buf, s, BEFORE_KEPT)
    if not lines:
        return ()
    return tuple(cut_text(seg.split("\r")[-1]) for seg in _decode(b"\n".join(lines)).split("\n"))


def _ends_indented_block(buf: bytes | bytearray, s: int, n: int) -> bool:
    """Whether the line starting at ``s`` is unindented and the line above it indented: the shape of
    a traceback's last line (its exception) after the frames."""
    if s < 2 or s >= n or buf[s] in b" \t":
        return False
    prev = buf.rfind(b"\n", 0, s - 1) + 1
    return buf[prev] in b" \t" if prev < s - 1 else False




class _Verifier:
    """Verifies candidate lines with each rule's Python regex. At most ``MAX_HITS_PER_RULE`` hits of
    one rule are kept per source (the first ones): a pattern that matches millions of lines must
    cost neither unbounded memory nor a regex run per line."""

    def __init__(self, rules: Sequence[Rule], source: str):
        self.rules = rules
        self.source = source
        self.kept: dict[int, int] = {}
        self.late: dict[int, int] = {}  # hits kept past the cap (traceback ends)
        self.dropped = 0

    def note(self, info: InputInfo) -> None:
        if self.dropped:
            info.notes.append(
                f"{self.dropped} further candidate lines of very frequent patterns were not examined "
                f"(the first {MAX_HITS_PER_RULE} matches of each pattern are kept; past them the last line of every "
                "traceback and the end of the input still are)"
            )

    def verify(self, *args: Any, **kwargs: Any) -> list[Hit]:
        """``iter_verify`` as a list."""
        return list(self.iter_verify(*args, **kwargs))

    def iter_verify(
        self,
        buf: bytes | bytearray,
        cands: list[tuple[int, int]],
        emit_from: int,
        emit_to: int,
        line_base: int,
        n: int | None = None,
        newlines: int | None = None,
        final: bool = False,
    ) -> Iterator[Hit]:
        """Hits on the candidate lines in ``[emit_from, emit_to)`` of ``buf[:n]``. ``newlines``, the
        number of newlines in ``buf[:n]`` when known, lets line numbers be counted from the nearer end.
        A generator: a chunk's hits (each with the lines above it) are handed on one by one, so a
        consumer that keeps only some of them (``attribute_hits`` on a noisy log) holds no chunk's
        worth at once. ``buf`` must not change until it is exhausted; ``counted`` is set then."""
        n = len(buf) if n is None else n
        # group candidate rule ids by the line that holds the match's last byte
        by_line: dict[int, set[int]] = {}
        bounds: dict[int, tuple[int, int]] = {}
        kept = self.kept
        # the input's last lines are examined whatever the caps (where its failure usually is)
        uncapped_from = _start_of_last_lines(buf, n, CONTEXT_LINES + 1, 0) if final else n + 1
        for end, rid in cands:
            off = max(end - 1, 0)
            if off < emit_from or off >= emit_to:
                continue
            if kept.get(rid, 0) >= MAX_HITS_PER_RULE and off < uncapped_from:
                # past the cap only a traceback's last line (an unindented line after an indented one)
                # is still examined, within a second budget; the end of the input always is
                s, e = _line_bounds(buf, off, n)
                if self.late.get(rid, 0) >= MAX_HITS_PER_RULE or not _ends_indented_block(buf, s, n):
                    self.dropped += 1
                    continue
                self.late[rid] = self.late.get(rid, 0) + 1
            s, e = _line_bounds(buf, off, n)
            if s not in by_line:
                by_line[s] = set()
                bounds[s] = (s, e)
            by_line[s].add(rid)
        counted_to = 0
        line_no = line_base
        self.counted = (0, 0)
        for s in sorted(by_line):
            if newlines is not None and s - counted_to > n - s:
                line_no = line_base + newlines - _count_newlines(buf, s, n)
            else:
                line_no += _count_newlines(buf, counted_to, s)
            counted_to = s
            _, e = bounds[s]
            raw = buf[s:e]
            segments = _decode(raw).split("\r")
            before: tuple[str, ...] | None = None
            for rid in sorted(by_line[s]):
                rule = self.rules[rid]
                found_at = first_match(rule, segments)
                if found_at is None:
                    continue
                m, seg = found_at
                groups = {k: v for k, v in m.groupdict().items() if v is not None}
                ctx_all: tuple[tuple[str, str], ...] = ()
                if rule.context:
                    found, ctx_all = self._context(buf, s, e, rule, groups, n)
                    if found is None:  # a required context is absent or a veto present: not this wording here
                        continue
                    groups.update(found)
                if before is None and rule.keep_before:
                    before = _before_text(buf, s)
                text = seg.rstrip()
                kept[rid] = kept.get(rid, 0) + 1
                yield Hit(rid, self.source, line_no, cut_text(text), groups, before if rule.keep_before else (), ctx_all)
        self.counted = (counted_to, line_no - line_base)  # newlines in buf[:counted_to], when counted from 0

    @staticmethod
    def _context(
        buf: bytes | bytearray, s: int, e: int, rule: Rule, have: dict[str, str], n: int | None = None
    ) -> tuple[dict[str, str] | None, tuple[tuple[str, str], ...]]:
        """Facts from the lines around a match; None for the facts when a required context is absent
        or a veto context is present."""
        found: dict[str, str] = {}
        every: list[tuple[str, str]] = []
        for ctx in rule.context:
            lines: list[bytes] = []
            if ctx.before:
                lines += list(reversed(_lines_before(buf, s, ctx.before)))  # nearest first
            if ctx.after:
                lines += _lines_after(buf, e, ctx.after, n)
            first = True
            for raw in lines:
                text = _decode(raw)
                m = ctx.regex.search(text)
                if m is None and text[:1] in PREFIX_STARTS:
                    # a context written for the bare message also holds under a launcher's prefix
                    # ("[rank3]: ", "(RayTrainWorker pid=12, ip=...) ", "[1,2]<stderr>: ", "0: ")
                    bare = without_prefixes(text)
                    if bare != text:
                        m = ctx.regex.search(bare)
                if m and ctx.veto:
                    return None, ()  # the lines around name a cause this wording must not claim
                if m:
                    for k, v in m.groupdict().items():
                        if v is None:
                            continue
                        every.append((k, v))
                        if first and k not in have and k not in found:
                            found[k] = v
                    first = False
            if ctx.required and first:
                return None, ()
        return found, tuple(every)



_BUFFERS: list[bytearray] = []  # free scan buffers (their stale bytes are never read: every search is bounded)


class _NewlineCounter:
    """``buf.count(b"\\n", lo, hi)``, about 2.7 times faster with numpy's vectorised compare (4.8 against
    1.8 GB/s here) once numpy is loaded. Its import costs about 0.1 s, which pays for itself after
    roughly 300 MB, so numpy is loaded when a scan announces that much input (``expect``) or once this
    process has counted ``LOAD_AFTER`` bytes (stdin, whose size is unknown). Spans shorter than
    ``MIN_SPAN`` stay with ``bytes.count``: there numpy's per-call overhead outweighs its speed."""

    LOAD_AFTER = 256 << 20
    MIN_SPAN = 32 << 10

    def __init__(self) -> None:
        self.counted = 0
        self.np = None
        self.tried = False
        import threading

        self.local = threading.local()  # the compare's output buffer, one per thread (numpy drops the GIL)

    def expect(self, total_bytes: int) -> None:
        """A scan of ``total_bytes`` is about to start: load numpy now if that is worth it."""
        if total_bytes >= self.LOAD_AFTER:
            self._load()

    def __call__(self, buf: bytearray, lo: int, hi: int) -> int:
        size = hi - lo
        if size < self.MIN_SPAN:
            return buf.count(b"\n", lo, hi)
        self.counted += size
        np = self.np
        if np is None:
            if self.tried or self.counted < self.LOAD_AFTER or not self._load():
                return buf.count(b"\n", lo, hi)
            np = self.np
        eq = getattr(self.local, "eq", None)
        if eq is None or len(eq) < size:
            eq = self.local.eq = np.empty(max(size, 9 << 20), dtype=bool)
        view = np.frombuffer(buf, dtype=np.uint8, count=size, offset=lo)
        try:
            return int(np.count_nonzero(np.equal(view, 10, out=eq[:size])))
        finally:
            del view  # releases the export of buf at once (buf is resized later)

    def _load(self) -> bool:
        if self.np is None and not self.tried:
            self.tried = True
            try:
                import numpy

                self.np = numpy
            except ImportError:
                pass
        return self.np is not None


_count_newlines = _NewlineCounter()


MAX_HITS_PER_RULE = 20_000
FLOOD_CANDIDATES = 5_000  # candidates of one rule in one chunk that make its literal suspect
FLOOD_SAMPLE = 200


def _flooding(buf: bytearray, n: int, cands: list[tuple[int, int]], rules: Sequence[Rule]) -> list[int]:
    """Rules whose prefilter literal is on thousands of lines of this chunk that their regex then
    rejects (a word the input's healthy lines print): worth searching by their full regex instead.
    A rule whose candidates are mostly real matches is left alone; checking costs a sample of
    ``FLOOD_SAMPLE`` lines per suspect."""
    counts: dict[int, int] = {}
    for _, rid in cands:
        counts[rid] = counts.get(rid, 0) + 1
    out: list[int] = []
    for rid, count in counts.items():
        if count <= FLOOD_CANDIDATES:
            continue
        rule = rules[rid]
        tried = matched = 0
        last = -1
        for end, r in cands:
            if r != rid:
                continue
            s, e = _line_bounds(buf, max(end - 1, 0), n)
            if s == last:
                continue
            last = s
            tried += 1
            if first_match(rule, _decode(buf[s:e]).split("\r")) is not None:
                matched += 1
            if tried >= FLOOD_SAMPLE:
                break
        if matched * 2 < tried:
            out.append(rid)
    return out


def scan_source(source: Source, matcher: PlainMatcher | HyperscanMatcher) -> Iterator[Hit]:
    """Stream one source through the matcher; yields verified hits in line order.

    Same buffers, candidates and hits as ``scan_source_reference`` (the straightforward version),
    without its copies: chunks are read into one reused bytearray laid out as
    ``[context tail | complete lines | partial last line]``; the matcher scans a view of the first
    two parts (``buf``: tail + complete, ``n`` bytes); only the tail and the partial line (a few
    KiB) are moved to the front before the next read. Memory: about one chunk, whatever the size
    of the input.
    """
    from . import readers as _readers

    chunk = _readers.CHUNK
    verifier = _Verifier(matcher.rules, source.name)
    reader = _readers.ChunkReader(source)
    try:
        ba = _BUFFERS.pop()  # atomic: two threads never get the same buffer
    except IndexError:
        ba = bytearray(chunk + 64 * 1024)
    t = 0  # tail: the last lines of the previous buf, kept as context
    p = 0  # after the tail: the pending partial line, then the bytes just read
    emit_from = 0
    line_base = 1
    lines = 0
    tail_newlines = 0
    windows: list[tuple[bytes, int] | None] = []  # progress windows of the two latest emitted regions
    long_note = "a line longer than 8 MiB was scanned in pieces"
    nuls = 0
    try:
        while True:
            need = t + p + chunk
            if len(ba) < need:
                ba.extend(bytes(need - len(ba)))
            with memoryview(ba) as mv:
                got = reader.readinto(mv[t + p : need])
            if not got:
                break
            if ba.find(b"\x00", t + p, t + p + got) != -1:
                # NUL runs (a hole left by copytruncate rotation, a crashed writer's padding) are not text
                kept = bytes(ba[t + p : t + p + got]).replace(b"\x00", b"")
                ba[t + p : t + p + len(kept)] = kept
                nuls += got - len(kept)
                got = len(kept)
                if nuls >= NUL_ONLY_LIMIT and source.info.bytes == nuls and source.stream is not None:  # /dev/zero
                    source.info.notes.append(f"only NUL bytes in the first {nuls >> 20} MiB: reading stopped there")
                    break
            p += got
            cut = ba.rfind(b"\n", t, t + p)
            if cut == -1:
                if p <= MAX_LINE:
                    continue
                n = t + p
                if long_note not in source.info.notes:
                    source.info.notes.append(long_note)
            else:
                n = cut + 1
            if has_escapes(ba, t, n):
                stripped = strip_ansi(bytes(ba[t:n]))
                removed = n - t - len(stripped)
                ba[t:n] = stripped
                n -= removed
                p -= removed
            emit_to = _start_of_last_lines(ba, n, CONTEXT_LINES + 1, emit_from)
            # hits' line numbers are counted from the buffer start; the rest of the buffer is counted
            # after them, so the newlines of each chunk are counted exactly once
            cands = matcher.candidates_in(ba, n)
            if len(cands) > FLOOD_CANDIDATES and matcher.demote(_flooding(ba, n, cands, matcher.rules)):
                cands = matcher.candidates_in(ba, n)  # the same chunk again, without the flooding literals
            yield from verifier.iter_verify(ba, cands, emit_from, emit_to, line_base, n, None)
            counted_to, counted_nl = verifier.counted
            buf_newlines = counted_nl + _count_newlines(ba, counted_to, n)
            lines += buf_newlines - tail_newlines
            windows = (windows + [_progress_window(ba, emit_from, emit_to, line_base, buf_newlines, n)])[-2:]
            ctx_start = _start_of_last_lines(ba, emit_to, CONTEXT_LINES, 0)
            tail_newlines = ba.count(b"\n", ctx_start, n)
            line_base += buf_newlines - tail_newlines
            emit_from = emit_to - ctx_start
            rest = t + p - n
            t = n - ctx_start
            p = rest
            if ctx_start:
                ba[0 : t + p] = ba[ctx_start : ctx_start + t + p]
        end = t + p
        if has_escapes(ba, t, end):
            stripped = strip_ansi(bytes(ba[t:end]))
            ba[t:end] = stripped
            end = t + len(stripped)
        if end > t:
            lines += 1
        if end:
            newlines = tail_newlines + ba.count(b"\n", t, end)
            yield from verifier.iter_verify(ba, matcher.candidates_in(ba, end), emit_from, end + 1, line_base, end, newlines, final=True)
            windows = (windows + [_progress_window(ba, emit_from, end, line_base, newlines, end)])[-2:]
    finally:
        reader.close()
        if nuls:
            source.info.notes.append(f"{nuls} NUL bytes skipped (a hole left by log rotation, or padding)")
        if len(ba) <= 2 * (chunk + 64 * 1024) and len(_BUFFERS) < 2:
            _BUFFERS.append(ba)  # reused by the next source: a folder of small files allocates it once
    latest: dict[tuple[int, str], Hit] = {}
    for window in windows:
        for h in [] if window is None else _progress_from_window(window[0], window[1], source.name):
            latest[window_key(h)] = h
    yield from sorted(latest.values(), key=lambda h: h.line)
    source.info.lines = lines
    verifier.note(source.info)


def scan_source_reference(source: Source, matcher: PlainMatcher | HyperscanMatcher) -> Iterator[Hit]:
    """The straightforward version of ``scan_source`` (concatenates and copies each chunk); the
    property tests check that ``scan_source`` finds exactly what this finds."""
    verifier = _Verifier(matcher.rules, source.name)
    pending = b""
    tail = b""
    emit_from = 0
    line_base = 1
    lines = 0
    tail_newlines = 0
    recent: list[tuple[bytes, int, int, int, int]] = []
    nuls = 0
    for block in iter_chunks(source):
        if b"\x00" in block:
            stripped = block.replace(b"\x00", b"")
            nuls += len(block) - len(stripped)
            block = stripped
        data = pending + block
        cut = data.rfind(b"\n")
        if cut == -1:
            if len(data) <= MAX_LINE:
                pending = data
                continue
            complete, pending = data, b""
            if "a line longer than 8 MiB was scanned in pieces" not in source.info.notes:
                source.info.notes.append("a line longer than 8 MiB was scanned in pieces")
        else:
            complete, pending = data[: cut + 1], data[cut + 1 :]
        complete = strip_ansi(complete)
        n_new = complete.count(b"\n")
        lines += n_new
        buf = tail + complete
        buf_newlines = tail_newlines + n_new
        emit_to = _start_of_last_lines(buf, len(buf), CONTEXT_LINES + 1, emit_from)
        yield from verifier.verify(buf, matcher.candidates(buf), emit_from, emit_to, line_base)
        # progress: only the last regions of the file matter; keep the two latest, compute at the end
        recent = (recent + [(buf, emit_from, emit_to, line_base, buf_newlines)])[-2:]
        ctx_start = _start_of_last_lines(buf, emit_to, CONTEXT_LINES, 0)
        tail = buf[ctx_start:]
        tail_newlines = tail.count(b"\n")
        line_base += buf_newlines - tail_newlines
        emit_from = emit_to - ctx_start
    if nuls:
        source.info.notes.append(f"{nuls} NUL bytes skipped (a hole left by log rotation, or padding)")
    last = strip_ansi(pending)
    if last:
        lines += 1
    buf = tail + last
    if buf:
        yield from verifier.verify(buf, matcher.candidates(buf), emit_from, len(buf) + 1, line_base, final=True)
        recent = (recent + [(buf, emit_from, len(buf), line_base, tail_newlines + last.count(b"\n"))])[-2:]
    latest: dict[tuple[int, str], Hit] = {}
    for args in recent:
        for h in _progress_hits(*args[:4], source.name, args[4]):
            latest[window_key(h)] = h
    yield from sorted(latest.values(), key=lambda h: h.line)
    source.info.lines = lines
    verifier.note(source.info)
