"""Candidate matchers: which lines might hold a signature match.

``HyperscanMatcher`` compiles every rule into one Hyperscan block-mode database (cached on disk by
content hash) and reports match end offsets; ``PlainMatcher`` runs every Python regex on every line
and is the reference the property tests compare against. Either way the scanner verifies each
candidate line with the rule's Python regex, so a matcher may over-report but never miss.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

from .rules import Rule, to_hyperscan


def _decode(b: bytes | bytearray) -> str:
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
