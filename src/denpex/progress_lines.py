"""Progress lines (step / iteration / epoch counters, tqdm bars): the last one of each rank.

Only the tail of a log matters for "last progress", and progress lines can be most of a training
log, so they are searched in the last window of the last two emitted regions, not by Hyperscan.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .hits import EVIDENCE_CHARS, Hit, _decode

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
