"""A flight recorder for a command's output: bounded memory and a bounded file, whatever the run's length.

``FlightRecorder`` keeps the first lines (head), the last lines (tail, a ring of whole-line chunks)
and, from everything that falls out of the tail ring in between, every line the scanner flags with a
few lines of context before it (tracebacks) and after it. What was dropped is marked by one line
naming the dropped range, so the stored text is still a log the normal engine reads (ranks are
attributed from each line's own prefix, which is kept).

``LineFlagger`` asks the engine's own candidate matcher (Hyperscan over the whole chunk) which lines
might hold a signature, and verifies each candidate with the signature's regex, as the scanner does;
noise-only signatures (benign warnings) do not flag a line.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

from .hits import _decode

BEFORE = 40  # lines of context kept above a flagged line (a traceback's frames)
AFTER = 3
MAX_PENDING = 1 << 20  # a "line" longer than this without a newline is kept as a line of its own
REDRAW_KEEP = 64 * 1024  # a progress bar redrawn with \r: only the latest redraws are kept
MAX_CANDIDATES = 512  # candidate lines verified per chunk at most (a flood of one word is not a failure)


def marker(first: int, last: int, nbytes: int | None = None) -> bytes:
    """The line standing for a dropped range of lines (no signature matches it)."""
    n = last - first + 1
    size = f", {human(nbytes)}," if nbytes else ""
    return f"[denpex: {n} line(s){size} of output not kept here (lines {first}-{last})]\n".encode()


def human(n: float) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{int(n)} bytes"


class LineFlagger:
    """Which lines of a buffer the scanner would stop at (a signature of a failure or of collateral
    damage, or a generic failure line), from the engine's candidate matcher plus each rule's regex."""

    def __init__(self) -> None:
        from .engine import get_engine

        eng = get_engine()
        self.matcher = eng.matcher
        self.rules = eng.rules
        self.skip = frozenset(
            r.index for r in eng.rules
            if r.entry_id is not None and (r.role or eng.kb.entries[r.entry_id].entry.role) == "noise"
        )

    def lines(self, buf: bytes) -> list[int]:
        """Start offsets of the flagged lines of ``buf`` (ascending, each once)."""
        cands = self.matcher.candidates_in(buf, len(buf))  # type: ignore[arg-type]
        if not cands:
            return []
        by_line: dict[int, list[int]] = {}
        for end, rid in cands:
            if rid in self.skip or rid < 0:
                continue
            start = buf.rfind(b"\n", 0, end) + 1
            if end > start and buf[end - 1 : end] == b"\n":
                start = buf.rfind(b"\n", 0, end - 1) + 1
            by_line.setdefault(start, []).append(rid)
        out: list[int] = []
        for checked, start in enumerate(sorted(by_line)):
            if checked >= MAX_CANDIDATES:
                break
            stop = buf.find(b"\n", start)
            text = _decode(buf[start : stop if stop != -1 else len(buf)])
            for rid in by_line[start]:
                r = self.rules[rid]
                if any(r.regex.search(seg) and not (r.exclude is not None and r.exclude.search(seg)) for seg in text.split("\r")):
                    out.append(start)
                    break
        return out


class FlightRecorder:
    """Head + flagged lines with context + tail of one run's output, in bounded memory.

    ``feed(data, stream)`` takes the bytes as they come (stdout and stderr kept apart until each line
    is whole); ``snapshot()`` is the stored text. Memory and the snapshot stay under
    ``head + flagged + tail`` bytes plus one read chunk and one unfinished line per stream."""

    def __init__(self, limit: int = 8 << 20, flagger: LineFlagger | None = None, lazy_flagger: bool = True):
        self.limit = limit
        self.head_limit = limit // 16
        self.flag_limit = limit // 4
        self.tail_limit = limit - self.head_limit - self.flag_limit
        self.head = bytearray()
        self.head_lines = 0
        self.head_full = False
        self.tail: deque[tuple[int, int, bytes]] = deque()  # (its first line's number and offset, whole lines)
        self.tail_bytes = 0
        self.blocks: list[tuple[int, int, int, bytes]] = []  # flagged: (first line, last line, offset, text)
        self.flag_bytes = 0
        self.flags_dropped = 0
        self.lines = 0  # whole lines fed so far
        self.line_bytes = 0  # their bytes
        self.bytes = 0  # every byte fed
        self.pending: dict[int, bytes] = {}
        self._flagger = flagger
        self._lazy = lazy_flagger
        self._carry = (1, 0, b"")  # the last lines of the previous evicted chunk (context for the next)
        self._emitted_upto = 0  # last line number already in a flagged block

    # -- feeding ---------------------------------------------------------------------------------
    def feed(self, data: bytes, stream: int = 1) -> None:
        if not data:
            return
        self.bytes += len(data)
        cut = data.rfind(b"\n")
        pend = self.pending.get(stream, b"")
        if cut == -1:
            pend += data
            if len(pend) > REDRAW_KEEP and b"\r" in pend:
                pend = pend[pend.rfind(b"\r", 0, len(pend) - 1) + 1 :] if pend.rfind(b"\r", 0, len(pend) - 1) >= 0 else pend
            if len(pend) > MAX_PENDING:
                self._add(pend + b"\n")
                pend = b""
            self.pending[stream] = pend
            return
        whole = pend + data[: cut + 1] if pend else data[: cut + 1]
        self.pending[stream] = data[cut + 1 :]
        self._add(whole)

    def _add(self, chunk: bytes) -> None:
        n = chunk.count(b"\n")
        if not self.head_full:
            room = self.head_limit - len(self.head)
            if len(chunk) <= room:
                self.head += chunk
                self.head_lines += n
                self.lines += n
                self.line_bytes += len(chunk)
                return
            cut = chunk.rfind(b"\n", 0, room) + 1
            part = chunk[:cut]
            self.head += part
            k = part.count(b"\n")
            self.head_lines += k
            self.lines += k
            self.line_bytes += len(part)
            n -= k
            chunk = chunk[cut:]
            self.head_full = True
            self._carry = (self.lines + 1, self.line_bytes, b"")
            self._emitted_upto = self.lines
            if not chunk:
                return
        self.tail.append((self.lines + 1, self.line_bytes, chunk))
        self.tail_bytes += len(chunk)
        self.lines += n
        self.line_bytes += len(chunk)
        while len(self.tail) > 1 and self.tail_bytes - len(self.tail[0][2]) >= self.tail_limit:
            first, off, old = self.tail.popleft()
            self.tail_bytes -= len(old)
            self._evicted(first, off, old)

    # -- flagged lines -----------------------------------------------------------------------------
    def flagger(self) -> LineFlagger | None:
        if self._flagger is None and self._lazy:
            self._lazy = False
            try:
                self._flagger = LineFlagger()
            except Exception:  # noqa: BLE001 - no knowledge base: head and tail still work
                self._flagger = None
        return self._flagger

    def _evicted(self, first: int, offset: int, chunk: bytes) -> None:
        """A chunk leaves the tail ring: keep its flagged lines (with context) while the budget lasts."""
        cfirst, coff, carry = self._carry
        buf = carry + chunk
        base, boff = (cfirst, coff) if carry else (first, offset)
        # the last BEFORE lines of this chunk are the next chunk's context
        pos = _last_lines_start(buf, BEFORE, 64 * 1024)
        self._carry = (base + buf.count(b"\n", 0, pos), boff + pos, buf[pos:])
        if self.flag_bytes >= self.flag_limit:
            self.flags_dropped += self._count_flags(chunk)
            return
        fl = self.flagger()
        if fl is None:
            return
        starts = [s for s in fl.lines(buf) if s >= len(carry)]
        if not starts:
            return
        # line numbers of the flagged lines, and the ranges to keep
        ranges: list[list[int]] = []
        for s in starts:
            ln = base + buf.count(b"\n", 0, s)
            lo, hi = max(ln - BEFORE, self._emitted_upto + 1, base), ln + AFTER
            if ranges and lo <= ranges[-1][1] + 1:
                ranges[-1][1] = max(ranges[-1][1], hi)
            else:
                ranges.append([lo, hi])
        offsets = _line_offsets(buf)
        last_line = base + len(offsets) - 1
        for lo, hi in ranges:
            hi = min(hi, last_line)
            if lo > hi:
                continue
            start = offsets[lo - base]
            text = buf[start : offsets[hi - base + 1] if hi - base + 1 < len(offsets) else len(buf)]
            if self.flag_bytes + len(text) > self.flag_limit:
                self.flags_dropped += 1
                continue
            self.blocks.append((lo, hi, boff + start, text))
            self.flag_bytes += len(text)
            self._emitted_upto = hi

    def _count_flags(self, chunk: bytes) -> int:
        fl = self.flagger()
        return len(fl.lines(chunk)) if fl is not None else 0

    # -- output ------------------------------------------------------------------------------------
    def snapshot(self) -> bytes:
        """The stored text: head, flagged blocks and tail, with one marker line per dropped range."""
        parts: list[bytes] = [bytes(self.head)]
        upto, upto_off = self.head_lines, len(self.head)  # last line written, and where it ends
        tail_first, tail_off = (self.tail[0][0], self.tail[0][1]) if self.tail else (self.lines + 1, self.line_bytes)
        for lo, hi, off, text in self.blocks:
            if lo > upto + 1:
                parts.append(marker(upto + 1, lo - 1, off - upto_off))
            parts.append(text)
            upto, upto_off = hi, off + len(text)
        if tail_first > upto + 1:
            parts.append(marker(upto + 1, tail_first - 1, tail_off - upto_off))
        parts.extend(c for _, _, c in self.tail)
        parts.extend(p + b"\n" for p in self.pending.values() if p)
        return b"".join(parts)

    def stats(self) -> dict[str, int]:
        return {
            "bytes": self.bytes,
            "lines": self.lines + sum(1 for p in self.pending.values() if p),
            "kept_head_lines": self.head_lines,
            "kept_flagged_blocks": len(self.blocks),
            "flagged_dropped": self.flags_dropped,
        }


def _last_lines_start(buf: bytes, count: int, max_bytes: int) -> int:
    """Offset where the last ``count`` lines of ``buf`` (whole lines) begin, not more than about
    ``max_bytes`` back."""
    pos = len(buf)
    for _ in range(count):
        p = buf.rfind(b"\n", 0, max(pos - 1, 0))
        if p < 0:
            return 0 if len(buf) <= max_bytes else pos
        if len(buf) - (p + 1) > max_bytes:
            break
        pos = p + 1
    return pos


def _line_offsets(buf: bytes) -> list[int]:
    """Start offset of every line of ``buf`` (whole lines)."""
    out = [0]
    pos = buf.find(b"\n")
    while pos != -1:
        out.append(pos + 1)
        pos = buf.find(b"\n", pos + 1)
    if out[-1] == len(buf):
        out.pop()
    return out


def write_masked(text: bytes, path: Path, masker, block: int = 64 * 1024) -> int:  # type: ignore[no-untyped-def]
    """Mask ``text`` (in blocks cut at line ends) and write it zstd-compressed; returns bytes written."""
    import zstandard

    cctx = zstandard.ZstdCompressor(level=3)
    out = []
    s = _decode(text)
    i, n = 0, len(s)
    while i < n:
        j = s.rfind("\n", i, i + block) + 1
        if j <= i:
            j = min(n, i + block)
        out.append(masker.mask(s[i:j]))
        i = j
    data = cctx.compress("".join(out).encode("utf-8"))
    path.write_bytes(data)
    return len(data)
