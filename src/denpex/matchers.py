"""Candidate matchers: which lines might hold a signature match.

``HyperscanMatcher`` compiles every rule into one Hyperscan block-mode database (cached on disk by
content hash) and reports match end offsets; ``PlainMatcher`` runs every Python regex on every line
and is the reference the property tests compare against. Either way the scanner verifies each
candidate line with the rule's Python regex, so a matcher may over-report but never miss.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Iterable, Sequence
from pathlib import Path

from .hits import _decode
from .literals import hyperscan_literal, prefilter_literals
from .rules import Rule, to_hyperscan


class PlainMatcher:
    """Reference matcher: every rule's regex on every line segment (slow, obviously correct)."""

    name = "plain"

    def __init__(self, rules: Sequence[Rule]):
        self.rules = rules

    def demote(self, rule_ids: Iterable[int]) -> bool:
        return False  # every rule already runs its full regex

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
    """All rules in one Hyperscan block-mode database, cached on disk by content hash.

    A rule with a distinctive necessary literal (``denpex.literals``) is searched by that literal
    alone, the others by their full regex: a database that is mostly literals runs about 1.5 times
    as fast, and every candidate line is verified with the rule's Python regex either way.
    ``literals=False`` puts every rule's full regex in the database (the benchmark compares both)."""

    name = "hyperscan"

    def __init__(self, rules: Sequence[Rule], cache_key: str | None = None, literals: bool = True):
        self.rules = rules
        self.cache_key = cache_key
        self.literals = literals
        self.forced: frozenset[int] = frozenset()  # rules demoted from their literal to their full regex
        self._build()

    def demote(self, rule_ids: Iterable[int]) -> bool:
        """Search these rules by their full regex from now on: their literal turned out to be on most
        lines of this input (a word its healthy lines print), so each candidate cost a failed regex
        run. Rebuilds the database (about half a second, cached on disk); False if nothing changed.
        The demotion lasts for this matcher (this process): later inputs are scanned the same way."""
        new = frozenset(r for r in rule_ids if r in self.literal_rules) - self.forced
        if not new:
            return False
        self.forced |= new
        self._build()
        return True

    def _build(self) -> None:
        import hyperscan

        rules = self.rules
        version = getattr(hyperscan, "__version__", "")
        # the layout depends on the rules, the literal analysis and this module: all three key the
        # cache, so a start with a warm cache neither analyses nor compiles anything
        code = b"".join(Path(__file__).with_name(m).read_bytes() for m in ("literals.py", "matchers.py"))
        key = hashlib.sha256(
            repr(([(r.pattern, r.ignore_case) for r in rules], self.literals, sorted(self.forced), version)).encode() + code
        ).hexdigest()[:20]
        cache = _cache_dir() / f"hs-{key}.pickle" if self.cache_key is not None else None
        db = None
        if cache is not None and cache.exists():
            try:
                saved = pickle.loads(cache.read_bytes())
                db = hyperscan.loadb(saved["db"], mode=hyperscan.HS_MODE_BLOCK)
                self.targets, self.broken, self.literal_rules = saved["targets"], saved["broken"], saved["literal_rules"]
            except Exception:  # noqa: BLE001 - a stale or corrupt cache is rebuilt
                db = None
        if db is None:
            exprs, flags = self._layout(hyperscan, rules, self.literals)
            ids = list(range(len(exprs)))
            self.broken: list[str] = []
            db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
            try:
                db.compile(expressions=exprs, ids=ids, elements=len(exprs), flags=flags)
            except hyperscan.error:
                exprs, ids, flags = self._repair(hyperscan, exprs, ids, flags)
                db.compile(expressions=exprs, ids=ids, elements=len(exprs), flags=flags)
            if cache is not None:
                saved = {"db": hyperscan.dumpb(db), "targets": self.targets, "broken": self.broken, "literal_rules": self.literal_rules}
                try:
                    cache.parent.mkdir(parents=True, exist_ok=True)
                    tmp = cache.with_suffix(f".{os.getpid()}.tmp")
                    tmp.write_bytes(pickle.dumps(saved))
                    tmp.replace(cache)
                except OSError:
                    pass
        self.db = db
        self.scratch = hyperscan.Scratch(db)

    def _layout(self, hyperscan, rules: Sequence[Rule], literals: bool) -> tuple[list[bytes], list[int]]:  # type: ignore[no-untyped-def]
        """The database's expressions and flags; sets ``targets`` (database id -> rule indices) and
        ``literal_rules`` (the rules searched by a literal)."""
        exprs: list[bytes] = []
        flags: list[int] = []
        targets: list[list[int]] = []
        by_literal: dict[tuple[bytes, int], int] = {}
        literal_rules: set[int] = set()
        for r in rules:
            pre = prefilter_literals(r.pattern, r.ignore_case) if literals and r.index not in self.forced else None
            if pre is None:
                exprs.append(to_hyperscan(r.pattern).encode())
                flags.append(
                    hyperscan.HS_FLAG_MULTILINE
                    | (hyperscan.HS_FLAG_CASELESS if r.ignore_case else 0)
                    | (hyperscan.HS_FLAG_UTF8 if not r.pattern.isascii() else 0)
                )
                targets.append([r.index])
                continue
            literal_rules.add(r.index)
            lits, caseless = pre
            flag = hyperscan.HS_FLAG_CASELESS if caseless else 0
            for lit in sorted(lits):
                key = (hyperscan_literal(lit), flag)
                if key in by_literal:
                    targets[by_literal[key]].append(r.index)
                else:
                    by_literal[key] = len(exprs)
                    exprs.append(key[0])
                    flags.append(flag)
                    targets.append([r.index])
        self.targets = [tuple(t) for t in targets]
        self.literal_rules = frozenset(literal_rules)
        return exprs, flags

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
                self.broken += [self.rules[r].key for r in self.targets[i]]
        return keep_e, keep_i, keep_f

    def candidates(self, buf: bytes) -> list[tuple[int, int]]:
        return self.candidates_in(buf, len(buf))  # type: ignore[arg-type]

    def _expand(self, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """(end, database id) -> (end, rule index) for every rule the id stands for."""
        targets = self.targets
        return [(end, rid) for end, pid in found for rid in targets[pid]]

    def candidates_in(self, buf: bytearray, n: int) -> list[tuple[int, int]]:
        """``candidates(bytes(buf[:n]))`` without copying ``buf`` (unless it holds a ``\\r``)."""
        out: list[tuple[int, int]] = []
        append = out.append

        def on_match(rule_id: int, start: int, end: int, flags: int, ctx: object) -> bool:
            append((end, rule_id))
            return False

        if buf.find(b"\r", 0, n) != -1:
            # \r becomes \n for matching so that ^ anchors at progress-bar redraws too (same length:
            # offsets unchanged)
            data = buf.replace(b"\r", b"\n") if 2 * n > len(buf) else buf[:n].replace(b"\r", b"\n")
            with memoryview(data) as mv, mv[:n] as view:
                self.db.scan(view, match_event_handler=on_match, scratch=self.scratch)
        else:
            with memoryview(buf) as mv, mv[:n] as view:
                self.db.scan(view, match_event_handler=on_match, scratch=self.scratch)
        return self._expand(out)


def _cache_dir() -> Path:
    base = os.environ.get("DENPEX_CACHE_DIR") or os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "denpex")
    return Path(base)


def make_matcher(rules: Sequence[Rule], engine: str = "auto", cache_key: str | None = "default") -> PlainMatcher | HyperscanMatcher:
    """``engine``: auto (Hyperscan with the literal prefilter, else plain), hyperscan, hyperscan-full
    (every rule's full regex in the database, no literal prefilter) or plain."""
    if engine == "plain":
        return PlainMatcher(rules)
    try:
        return HyperscanMatcher(rules, cache_key=cache_key, literals=engine != "hyperscan-full")
    except ImportError:
        if engine == "hyperscan":
            raise
        return PlainMatcher(rules)

