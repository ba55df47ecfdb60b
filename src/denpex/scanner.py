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

import hashlib
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .models import InputInfo
from .readers import Source, iter_chunks, strip_ansi
from .rules import Rule, to_hyperscan

CONTEXT_LINES = 64
MAX_LINE = 8 * 1024 * 1024
TAIL_BYTES = 1024 * 1024
EVIDENCE_CHARS = 2000
BEFORE_KEPT = 24


@dataclass(frozen=True)
class Hit:
    rule: int
    source: str
    line: int
    text: str
    groups: dict[str, str]
    before: tuple[str, ...] = ()
    context_all: tuple[tuple[str, str], ...] = ()  # every context value, also those the match itself set


def _decode(b: bytes) -> str:
    return b.decode("utf-8", errors="replace")


class PlainMatcher:
    """Reference matcher: every rule's regex on every line segment (slow, obviously correct)."""

    name = "plain"

    def __init__(self, rules: Sequence[Rule]):
        self.rules = rules

    def candidates(self, buf: bytes) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        pos = 0
        n = len(buf)
        while pos < n:
            end = buf.find(b"\n", pos)
            if end == -1:
                end = n
            for seg in _decode(buf[pos:end]).split("\r"):
                for r in self.rules:
                    if r.regex.search(seg) and not (r.exclude is not None and r.exclude.search(seg)):
                        out.append((end, r.index))
            pos = end + 1
        return out

    def candidates_in(self, buf: bytearray, n: int) -> list[tuple[int, int]]:
        return self.candidates(bytes(buf[:n]))


class HyperscanMatcher:
    """All rules in one Hyperscan block-mode database, cached on disk by content hash."""

    name = "hyperscan"

    def __init__(self, rules: Sequence[Rule], cache_key: str | None = None):
        import hyperscan

        self.rules = rules
        exprs = [to_hyperscan(r.pattern).encode() for r in rules]
        flags = [
            hyperscan.HS_FLAG_MULTILINE
            | (hyperscan.HS_FLAG_CASELESS if r.ignore_case else 0)
            | (hyperscan.HS_FLAG_UTF8 if not r.pattern.isascii() else 0)
            for r in rules
        ]
        ids = [r.index for r in rules]
        key = hashlib.sha256(repr((exprs, flags, hyperscan.__version__ if hasattr(hyperscan, "__version__") else "")).encode()).hexdigest()[:20]
        cache = _cache_dir() / f"hs-{key}.db" if cache_key is not None else None
        db = None
        if cache is not None and cache.exists():
            try:
                db = hyperscan.loadb(cache.read_bytes(), mode=hyperscan.HS_MODE_BLOCK)
            except Exception:  # noqa: BLE001 - a stale or corrupt cache is rebuilt
                db = None
        self.broken: list[str] = []
        if db is None:
            db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
            try:
                db.compile(expressions=exprs, ids=ids, elements=len(exprs), flags=flags)
            except hyperscan.error:
                exprs, ids, flags = self._repair(hyperscan, exprs, ids, flags)
                db.compile(expressions=exprs, ids=ids, elements=len(exprs), flags=flags)
            if cache is not None:
                try:
                    cache.parent.mkdir(parents=True, exist_ok=True)
                    tmp = cache.with_suffix(f".{os.getpid()}.tmp")
                    tmp.write_bytes(hyperscan.dumpb(db))
                    tmp.replace(cache)
                except OSError:
                    pass
        self.db = db
        self.scratch = hyperscan.Scratch(db)

    def _repair(self, hyperscan, exprs, ids, flags):  # type: ignore[no-untyped-def]
        """Keep scanning when one pattern is outside Hyperscan's syntax: run it in prefilter mode
        (a superset; every candidate is verified by the Python regex anyway) or drop it and say so."""
        keep_e, keep_i, keep_f = [], [], []
        for e, i, f in zip(exprs, ids, flags):
            for extra in (0, hyperscan.HS_FLAG_PREFILTER):
                try:
                    hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK).compile(expressions=[e], flags=[f | extra])
                except hyperscan.error:
                    continue
                keep_e.append(e)
                keep_i.append(i)
                keep_f.append(f | extra)
                break
            else:
                self.broken.append(self.rules[i].key)
        return keep_e, keep_i, keep_f

    def candidates(self, buf: bytes) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        append = out.append

        def on_match(rule_id: int, start: int, end: int, flags: int, ctx: object) -> bool:
            append((end, rule_id))
            return False

        # \r becomes \n for matching so that ^ anchors at progress-bar redraws too;
        # same length, so offsets are unchanged.
        self.db.scan(buf.replace(b"\r", b"\n") if b"\r" in buf else buf, match_event_handler=on_match, scratch=self.scratch)
        return out

    def candidates_in(self, buf: bytearray, n: int) -> list[tuple[int, int]]:
        """``candidates(bytes(buf[:n]))`` without copying ``buf`` (unless it holds a ``\\r``)."""
        out: list[tuple[int, int]] = []
        append = out.append

        def on_match(rule_id: int, start: int, end: int, flags: int, ctx: object) -> bool:
            append((end, rule_id))
            return False

        if buf.find(b"\r", 0, n) != -1:
            # same length: offsets unchanged
            data = buf.replace(b"\r", b"\n") if 2 * n > len(buf) else buf[:n].replace(b"\r", b"\n")
            with memoryview(data) as mv, mv[:n] as view:
                self.db.scan(view, match_event_handler=on_match, scratch=self.scratch)
        else:
            with memoryview(buf) as mv, mv[:n] as view:
                self.db.scan(view, match_event_handler=on_match, scratch=self.scratch)
        return out


def _cache_dir() -> Path:
    base = os.environ.get("DENPEX_CACHE_DIR") or os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "denpex")
    return Path(base)


def make_matcher(rules: Sequence[Rule], engine: str = "auto", cache_key: str | None = "default") -> PlainMatcher | HyperscanMatcher:
    if engine == "plain":
        return PlainMatcher(rules)
    try:
        return HyperscanMatcher(rules, cache_key=cache_key)
    except ImportError:
        if engine == "hyperscan":
            raise
        return PlainMatcher(rules)


# The helpers below take ``n``, the logical end of ``buf``: the fast path scans a reused
# bytearray whose bytes past ``n`` belong to the next chunk (or are stale).


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
            return floor
        pos = buf.rfind(b"\n", floor, pos - 1) + 1
        if pos == 0:
            return max(floor, 0)
    return max(pos, floor, end - TAIL_BYTES)


def _before_text(buf: bytes | bytearray, s: int) -> tuple[str, ...]:
    """The ``BEFORE_KEPT`` lines above the line starting at ``s``, decoded in one go."""
    lines = _lines_before(buf, s, BEFORE_KEPT)
    if not lines:
        return ()
    return tuple(seg.split("\r")[-1][:EVIDENCE_CHARS] for seg in _decode(b"\n".join(lines)).split("\n"))


class _Verifier:
    """Verifies candidate lines with each rule's Python regex. At most ``MAX_HITS_PER_RULE`` hits of
    one rule are kept per source (the first ones): a pattern that matches millions of lines must
    cost neither unbounded memory nor a regex run per line."""

    def __init__(self, rules: Sequence[Rule], source: str):
        self.rules = rules
        self.source = source
        self.kept: dict[int, int] = {}
        self.dropped = 0

    def note(self, info: InputInfo) -> None:
        if self.dropped:
            info.notes.append(
                f"{self.dropped} further candidate lines of very frequent patterns were not examined "
                f"(the first {MAX_HITS_PER_RULE} matches of each pattern are kept)"
            )

    def verify(
        self,
        buf: bytes | bytearray,
        cands: list[tuple[int, int]],
        emit_from: int,
        emit_to: int,
        line_base: int,
        n: int | None = None,
        newlines: int | None = None,
    ) -> list[Hit]:
        """Hits on the candidate lines in ``[emit_from, emit_to)`` of ``buf[:n]``. ``newlines``, the
        number of newlines in ``buf[:n]`` when known, lets line numbers be counted from the nearer end."""
        n = len(buf) if n is None else n
        # group candidate rule ids by the line that holds the match's last byte
        by_line: dict[int, set[int]] = {}
        bounds: dict[int, tuple[int, int]] = {}
        kept = self.kept
        for end, rid in cands:
            off = max(end - 1, 0)
            if off < emit_from or off >= emit_to:
                continue
            if kept.get(rid, 0) >= MAX_HITS_PER_RULE:
                self.dropped += 1
                continue
            s, e = _line_bounds(buf, off, n)
            if s not in by_line:
                by_line[s] = set()
                bounds[s] = (s, e)
            by_line[s].add(rid)
        hits: list[Hit] = []
        counted_to = 0
        line_no = line_base
        for s in sorted(by_line):
            if newlines is not None and s - counted_to > n - s:
                line_no = line_base + newlines - buf.count(b"\n", s, n)
            else:
                line_no += buf.count(b"\n", counted_to, s)
            counted_to = s
            _, e = bounds[s]
            raw = buf[s:e]
            segments = _decode(raw).split("\r")
            before: tuple[str, ...] | None = None
            for rid in sorted(by_line[s]):
                rule = self.rules[rid]
                for seg in segments:
                    m = rule.regex.search(seg)
                    if not m or (rule.exclude is not None and rule.exclude.search(seg)):
                        continue
                    groups = {k: v for k, v in m.groupdict().items() if v is not None}
                    ctx_all: tuple[tuple[str, str], ...] = ()
                    if rule.context:
                        found, ctx_all = self._context(buf, s, e, rule, groups, n)
                        groups.update(found)
                    if before is None and rule.keep_before:
                        before = _before_text(buf, s)
                    text = seg.rstrip()
                    hits.append(Hit(rid, self.source, line_no, text[:EVIDENCE_CHARS], groups, before if rule.keep_before else (), ctx_all))
                    kept[rid] = kept.get(rid, 0) + 1
                    break
        return hits

    @staticmethod
    def _context(
        buf: bytes | bytearray, s: int, e: int, rule: Rule, have: dict[str, str], n: int | None = None
    ) -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
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
                m = ctx.regex.search(_decode(raw))
                if m:
                    for k, v in m.groupdict().items():
                        if v is None:
                            continue
                        every.append((k, v))
                        if first and k not in have and k not in found:
                            found[k] = v
                    first = False
        return found, tuple(every)


_PROGRESS = re.compile(
    r"\b(?:step|iter(?:ation)?|epoch|global_step|batch)\b\s*[:=#]?\s*\[?\d+|\b\d+/\d+ \[\d\d:\d\d",
    re.IGNORECASE,
)
PROGRESS_WINDOW = 48 * 1024
PROGRESS_RULE = -1


_PROGRESS_KEYWORDS = ("step", "iter", "epoch", "global_step", "batch")
_PROGRESS_SLASH = re.compile(r"/[0-9]+ \[")


def _progress_finditer(text: str) -> Iterator[re.Match[str]]:
    """Exactly ``_PROGRESS.finditer(text)``, about ten times faster on ASCII text: ``_PROGRESS`` (whose
    leading ``\\b`` makes the regex engine try every position) is tried only where a match can
    start: at a keyword (found case-insensitively with ``str.find``) or at the digits before a
    ``/12 [``."""
    if not text.isascii():
        yield from _PROGRESS.finditer(text)
        return
    low = text.lower()
    starts: set[int] = set()
    for kw in _PROGRESS_KEYWORDS:
        i = low.find(kw)
        while i != -1:
            starts.add(i)
            i = low.find(kw, i + 1)
    for m in _PROGRESS_SLASH.finditer(text):
        i = m.start()
        while i > 0 and text[i - 1] in "0123456789":
            i -= 1
        starts.add(i)
    match = _PROGRESS.match
    pos = 0
    for i in sorted(starts):
        if i < pos:
            continue
        m = match(text, i)
        if m is not None:
            yield m
            pos = m.end()


def _progress_hits(buf: bytes, lo: int, hi: int, line_base: int, source: str, buf_newlines: int) -> list[Hit]:
    """The last progress line (step/iteration/epoch counter, tqdm) of each rank prefix in the
    tail of the emitted region. Only the tail: progress lines can be most of a training log."""
    window = _progress_window(buf, lo, hi, line_base, buf_newlines)
    return [] if window is None else _progress_from_window(window[0], window[1], source)


def _progress_window(
    buf: bytes | bytearray, lo: int, hi: int, line_base: int, buf_newlines: int, n: int | None = None
) -> tuple[bytes, int] | None:
    """The bytes ``_progress_hits`` looks at (at most PROGRESS_WINDOW) and the line number of their
    first line, so that the buffer itself need not be kept."""
    n = len(buf) if n is None else n
    start = max(lo, hi - PROGRESS_WINDOW)
    start = buf.find(b"\n", start, n) + 1 if start > lo else lo
    if start <= 0 and lo > 0:
        return None
    return bytes(buf[start:hi]), line_base + buf_newlines - buf.count(b"\n", start, n)


def _progress_from_window(window: bytes, base: int, source: str) -> list[Hit]:
    text = _decode(window)
    last_by_prefix: dict[str, tuple[int, str]] = {}
    for m in _progress_finditer(text):
        ls = text.rfind("\n", 0, m.start()) + 1
        le = text.find("\n", m.end())
        line = text[ls : (le if le != -1 else len(text))].split("\r")[-1]
        prefix = line[:24].split("]:", 1)[0] if "]:" in line[:24] else ""
        last_by_prefix[prefix] = (ls, line)
    out: list[Hit] = []
    for ls, line in last_by_prefix.values():
        line_no = base + text.count("\n", 0, ls)
        out.append(Hit(PROGRESS_RULE, source, line_no, line.rstrip()[:EVIDENCE_CHARS], {}, ()))
    return out


_BUFFERS: list[bytearray] = []  # free scan buffers (their stale bytes are never read: every search is bounded)


class _NewlineCounter:
    """``buf.count(b"\\n", lo, hi)``, twice as fast with numpy's vectorised compare when numpy is
    installed (it is optional). numpy is imported only once this process has counted 256 MiB: its
    import would cost more than it saves on smaller inputs."""

    def __init__(self) -> None:
        self.counted = 0
        self.np = None
        self.tried = False
        import threading

        self.local = threading.local()  # the compare's output buffer, one per thread (numpy drops the GIL)

    def __call__(self, buf: bytearray, lo: int, hi: int) -> int:
        size = hi - lo
        self.counted += size
        if size < 1 << 20 or (self.np is None and (self.tried or self.counted < 256 << 20) or not self._load()):
            return buf.count(b"\n", lo, hi)
        np = self.np
        assert np is not None
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
    ba = _BUFFERS.pop() if _BUFFERS else bytearray(chunk + 64 * 1024)
    t = 0  # tail: the last lines of the previous buf, kept as context
    p = 0  # after the tail: the pending partial line, then the bytes just read
    emit_from = 0
    line_base = 1
    lines = 0
    tail_newlines = 0
    windows: list[tuple[bytes, int] | None] = []  # progress windows of the two latest emitted regions
    long_note = "a line longer than 8 MiB was scanned in pieces"
    try:
        while True:
            need = t + p + chunk
            if len(ba) < need:
                ba.extend(bytes(need - len(ba)))
            with memoryview(ba) as mv:
                got = reader.readinto(mv[t + p : need])
            if not got:
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
            if ba.find(b"\x1b", t, n) != -1:
                stripped = strip_ansi(bytes(ba[t:n]))
                removed = n - t - len(stripped)
                ba[t:n] = stripped
                n -= removed
                p -= removed
            n_new = _count_newlines(ba, t, n)
            lines += n_new
            buf_newlines = tail_newlines + n_new
            emit_to = _start_of_last_lines(ba, n, CONTEXT_LINES + 1, emit_from)
            yield from verifier.verify(ba, matcher.candidates_in(ba, n), emit_from, emit_to, line_base, n, buf_newlines)
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
        if ba.find(b"\x1b", t, end) != -1:
            stripped = strip_ansi(bytes(ba[t:end]))
            ba[t:end] = stripped
            end = t + len(stripped)
        if end > t:
            lines += 1
        if end:
            newlines = tail_newlines + ba.count(b"\n", t, end)
            yield from verifier.verify(ba, matcher.candidates_in(ba, end), emit_from, end + 1, line_base, end, newlines)
            windows = (windows + [_progress_window(ba, emit_from, end, line_base, newlines, end)])[-2:]
    finally:
        reader.close()
        if len(ba) <= 2 * (chunk + 64 * 1024) and len(_BUFFERS) < 2:
            _BUFFERS.append(ba)  # reused by the next source: a folder of small files allocates it once
    latest: dict[str, Hit] = {}
    for window in windows:
        for h in [] if window is None else _progress_from_window(window[0], window[1], source.name):
            latest[h.text[:24].split("]:", 1)[0] if "]:" in h.text[:24] else ""] = h
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
    for block in iter_chunks(source):
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
    last = strip_ansi(pending)
    if last:
        lines += 1
    buf = tail + last
    if buf:
        yield from verifier.verify(buf, matcher.candidates(buf), emit_from, len(buf) + 1, line_base)
        recent = (recent + [(buf, emit_from, len(buf), line_base, tail_newlines + last.count(b"\n"))])[-2:]
    latest: dict[str, Hit] = {}
    for args in recent:
        for h in _progress_hits(*args[:4], source.name, args[4]):
            latest[h.text[:24].split("]:", 1)[0] if "]:" in h.text[:24] else ""] = h
    yield from sorted(latest.values(), key=lambda h: h.line)
    source.info.lines = lines
    verifier.note(source.info)
