"""Progress lines (step / iteration / epoch counters, tqdm bars): the last one of each rank.

Only the tail of a log matters for "last progress", and progress lines can be most of a training
log, so they are searched in the last window of the last two emitted regions, not by Hyperscan.
"""

from __future__ import annotations

import re

from .attribution import numbered_list_items
from .hits import EVIDENCE_CHARS, Hit, _decode

_PROGRESS = re.compile(
    # not a format field of quoted source ("Epoch: {epoch:02d}" in a traceback's context lines), nor a
    # URL's anchor or path segment (a CI job link "actions/runs/1/job/2#step:5:1131")
    r"(?<![{#/])\b(?:step|iter(?:ation)?|epoch|global_step|batch)\b[ \t]*[:=#]?[ \t]*\[?\d+|\b\d+/\d+ \[\d\d:\d\d",
    re.IGNORECASE | re.ASCII,
)
PROGRESS_WINDOW = 48 * 1024
PROGRESS_RULE = -1
LAST_LINE_RULE = -2  # the last non-empty line of each rank prefix: what a silent rank was doing
_RANK_WORD = re.compile(r"\b[Rr]ank[ =:]\s?(\d{1,5})\b(?!\s*\()")
_RANK_PREFIX = re.compile(r"^\s*(\[(?:rank|default)\d+\]:|\[\d+,\d+\]<std(?:out|err)>:|\d{1,5}: |\([^()]{0,80}pid=\d+[^()]{0,80}\))")


_PROGRESS_KEYWORDS = ("step", "iter", "epoch", "batch")  # global_step contains step
_PROGRESS_SLASH = "/"  # the tqdm form "12/100 [00:01" needs one


def _may_progress(low: str) -> bool:
    """Whether a lower-cased text can hold a ``_PROGRESS`` match (a cheap necessary condition)."""
    return any(kw in low for kw in _PROGRESS_KEYWORDS) or (_PROGRESS_SLASH in low and " [" in low)


def _prefix(seg: str) -> str:
    head = seg[:24]
    return head.split("]:", 1)[0] if "]:" in head else ""


def _last_progress_lines(text: str) -> dict[str, tuple[int, str]]:
    """For each rank prefix (``[rank3]:`` and the like, "" for none), the index and shown text (the
    last ``\\r`` segment) of the last line of ``text`` holding a ``_PROGRESS`` match. Lines are walked
    from the end and the regex runs only on lines of a prefix not yet settled, so a window of progress
    lines costs one cheap check per line."""
    if not _may_progress(text.lower()):
        return {}
    found: dict[str, tuple[int, str]] = {}
    lines = text.split("\n")
    search = _PROGRESS.search
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        if "\r" in line:  # a progress bar redrawn in place shows its last segment; CRLF ends in an empty one
            line = line.rstrip("\r")
            seg = line.rsplit("\r", 1)[-1]
        else:
            seg = line
        prefix = _prefix(seg)
        if prefix in found or not _may_progress(line.lower()) or search(line) is None:
            continue
        found[prefix] = (i, seg)
    return found


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


def window_key(h: Hit) -> tuple[int, str]:
    """Which hit a later window's hit replaces: the same kind for the same prefix."""
    if h.rule == LAST_LINE_RULE:
        return (h.rule, _rank_key(h.text) or "")
    return (h.rule, _prefix(h.text))


def _last_lines(text: str) -> dict[str, tuple[int, str]]:
    """For each launcher rank prefix (``[rank3]:``, ``[1,3]<stderr>:``, ``3: ``, ``(pid=..)``) the
    index and text of the last line that says something after its prefix. Lines without a rank
    prefix are left out (a single process's last line says nothing about a rank)."""
    found: dict[str, tuple[int, str]] = {}
    settled: tuple[str, ...] = ()  # launcher prefixes as written on lines already settled
    lines = text.split("\n")
    listed: set[int] | None = None  # R's numbered traceback frames and menus are not srun labels
    for i in range(len(lines) - 1, -1, -1):
        seg = lines[i]
        if seg[:1] in " 0123456789" and seg.lstrip(" ")[:1].isdigit():  # only "N: " lines can be list items
            if listed is None:
                listed = numbered_list_items(lines)  # one pass over the window, and only when needed
            if i in listed:
                continue
        if "\r" in seg:
            seg = seg.rstrip("\r").rsplit("\r", 1)[-1]
        # a line that starts with a settled prefix's exact text has that prefix's key (or none)
        if settled and seg.startswith(settled):
            continue
        m = _RANK_PREFIX.match(seg)
        if m is not None:
            key = m.group(1).strip() if seg[m.end():].strip() else None
            if key is not None and key in found and len(settled) < 64:
                settled += (m.group(0),)
        else:
            w = _RANK_WORD.search(seg, 0, 200)
            key = f"rank {w.group(1)}" if w else None
        if key is None or key in found:
            continue
        found[key] = (i, seg)
        if m is not None and len(settled) < 64:
            settled += (m.group(0),)
    return found


def _rank_key(seg: str) -> str | None:
    """The rank a line speaks for: its launcher prefix, else a "rank 3" / "rank=3" the message names
    (a logger that prints its own rank); None for lines of no rank and prefix-only lines."""
    m = _RANK_PREFIX.match(seg)
    if m is not None:
        return m.group(1).strip() if seg[m.end():].strip() else None
    m = _RANK_WORD.search(seg, 0, 200)
    return f"rank {m.group(1)}" if m else None


def _progress_from_window(window: bytes, base: int, source: str) -> list[Hit]:
    text = _decode(window)
    found = _last_progress_lines(text)
    out = [Hit(PROGRESS_RULE, source, base + i, line.rstrip()[:EVIDENCE_CHARS], {}, ()) for i, line in found.values()]
    progress_at = {i for i, _ in found.values()}
    out += [
        Hit(LAST_LINE_RULE, source, base + i, line.rstrip()[:EVIDENCE_CHARS], {}, ())
        for i, line in _last_lines(text).values() if i not in progress_at
    ]
    return out
