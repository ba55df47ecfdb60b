"""Candidate matchers: which lines might hold a signature match.

``HyperscanMatcher`` compiles every rule into one Hyperscan block-mode database (cached on disk by
content hash) and reports match end offsets; ``PlainMatcher`` runs every Python regex on every line
and is the reference the property tests compare against. Either way the scanner verifies each
candidate line with the rule's Python regex, so a matcher may over-report but never miss.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path

from . import cache
from .hits import _decode
from .line_match import first_match
from .literals import hyperscan_literal, prefilter_literals
from .rules import Rule, to_hyperscan


class PlainMatcher:
    """Reference matcher: every rule's regex on every line segment (slow, obviously correct)."""

    name = "plain"

    def __init__(self, rules: Sequence[Rule], memo: bool = False):
        self.rules = rules
        # memo: remember each distinct segment's rules (a pure function of the segment), for a caller
        # that runs the same lines many times over, such as the test that puts every sample through
        self._memo: dict[str, tuple[int, ...]] | None = {} if memo else None

    def demote(self, rule_ids: Iterable[int]) -> bool:
        return False  # every rule already runs its full regex

    def _segment_rules(self, seg: str) -> tuple[int, ...]:
        if self._memo is not None and seg in self._memo:
            return self._memo[seg]
        # (the verifier's own reading of a line: as written, or - for a rule anchored at the line start - under
        # quote markers or a launcher prefix)
        found = tuple(r.index for r in self.rules if first_match(r, (seg,)) is not None)
        if self._memo is not None:
            self._memo[seg] = found
        return found

    def candidates(self, buf: bytes) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        pos = 0
        n = len(buf)
        while pos < n:
            end = buf.find(b"\n", pos)
            if end == -1:
                end = n
            for seg in _decode(buf[pos:end]).split("\r"):
                out.extend((end, index) for index in self._segment_rules(seg))
            pos = end + 1
        return out

    def candidates_in(self, buf: bytearray, n: int) -> list[tuple[int, int]]:
        return self.candidates(bytes(buf[:n]))


class _Compiled:
    """One built database and what its ids stand for; never changed once built, so a scan that took
    it keeps a consistent view while another thread demotes a literal and swaps in a new one."""

    __slots__ = ("broken", "db", "literal_rules", "scratch", "targets")

    def __init__(self, db, targets, literal_rules, broken):  # type: ignore[no-untyped-def]
        import hyperscan

        self.db = db
        self.targets: list[tuple[int, ...]] = targets
        self.literal_rules: frozenset[int] = literal_rules
        self.broken: list[str] = broken
        self.scratch = hyperscan.Scratch(db)  # the prototype each thread clones


class HyperscanMatcher:
    """All rules in one Hyperscan block-mode database, cached on disk by content hash.

    A rule with a distinctive necessary literal (``denpex.literals``) is searched by that literal
    alone, the others by their full regex: a database that is mostly literals runs about 1.5 times
    as fast, and every candidate line is verified with the rule's Python regex either way.
    ``literals=False`` puts every rule's full regex in the database (the benchmark compares both).

    Thread-safe: a Hyperscan scratch space may serve one scan at a time, so every thread scans with
    its own clone of the database's scratch; a demotion builds a new database under a lock and
    swaps it in whole (scans already running finish on the one they started with)."""

    name = "hyperscan"

    def __init__(self, rules: Sequence[Rule], cache_key: str | None = None, literals: bool = True):
        self.rules = rules
        self.cache_key = cache_key
        self.literals = literals
        self.forced: frozenset[int] = frozenset()  # rules demoted from their literal to their full regex
        self._lock = threading.Lock()
        self._local = threading.local()
        self._state: _Compiled = self._build(self.forced)

    # the current database's layout, for callers and tests that read it
    @property
    def db(self):  # type: ignore[no-untyped-def]
        return self._state.db

    @property
    def targets(self) -> list[tuple[int, ...]]:
        return self._state.targets

    @property
    def literal_rules(self) -> frozenset[int]:
        return self._state.literal_rules

    @property
    def broken(self) -> list[str]:
        return self._state.broken

    def __getstate__(self) -> dict[str, object]:
        # worker processes get the rules and rebuild (from the disk cache); locks and scratch stay here
        return {"rules": self.rules, "cache_key": self.cache_key, "literals": self.literals, "forced": self.forced}

    def __setstate__(self, st: dict[str, object]) -> None:
        self.rules, self.cache_key, self.literals = st["rules"], st["cache_key"], st["literals"]  # type: ignore[assignment]
        self.forced = st["forced"]  # type: ignore[assignment]
        self._lock = threading.Lock()
        self._local = threading.local()
        self._state = self._build(self.forced)

    def _scratch(self, state: _Compiled):  # type: ignore[no-untyped-def]
        """This thread's scratch for ``state``'s database (cloned on first use in each thread)."""
        local = self._local
        if getattr(local, "state", None) is not state:
            local.scratch = state.scratch.clone()
            local.state = state
        return local.scratch

    def demote(self, rule_ids: Iterable[int]) -> bool:
        """Search these rules by their full regex from now on: their literal turned out to be on most
        lines of this input (a word its healthy lines print), so each candidate cost a failed regex
        run. Rebuilds the database (about half a second, cached on disk); False if nothing changed.
        The demotion lasts for this matcher (this process): later inputs are scanned the same way."""
        with self._lock:
            new = frozenset(r for r in rule_ids if r in self._state.literal_rules) - self.forced
            if not new:
                return False
            forced = self.forced | new
            self._state = self._build(forced)
            self.forced = forced
        return True

    def _build(self, forced: frozenset[int]) -> _Compiled:
        import hyperscan

        rules = self.rules
        version = getattr(hyperscan, "__version__", "")
        # the layout depends on the rules, the literal analysis and this module: all three key the
        # cache, so a start with a warm cache neither analyses nor compiles anything
        code = b"".join(Path(__file__).with_name(m).read_bytes() for m in ("literals.py", "matchers.py"))
        h = hashlib.sha256("\x00".join(r.pattern for r in rules).encode("utf-8", "surrogatepass"))
        h.update(bytes(bool(r.ignore_case) for r in rules))  # (a repr of 3,000+ tuples cost start-up more)
        h.update(repr((self.literals, sorted(forced), version)).encode() + code)
        key = h.hexdigest()[:20]
        name = f"hs-{key}.bin" if self.cache_key is not None else None
        if name is not None and (saved := _load_db(hyperscan, name)) is not None:
            return saved
        exprs, flags, targets, literal_rules = self._layout(hyperscan, rules, self.literals, forced)
        ids = list(range(len(exprs)))
        broken: list[str] = []
        db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
        try:
            db.compile(expressions=exprs, ids=ids, elements=len(exprs), flags=flags)
        except hyperscan.error:
            exprs, ids, flags = self._repair(hyperscan, exprs, ids, flags, targets, broken)
            db.compile(expressions=exprs, ids=ids, elements=len(exprs), flags=flags)
        if name is not None:
            head = json.dumps({"targets": targets, "broken": broken, "literal_rules": sorted(literal_rules)}).encode()
            cache.write(name, len(head).to_bytes(4, "little") + head + hyperscan.dumpb(db))
        return _Compiled(db, targets, literal_rules, broken)

    def _layout(self, hyperscan, rules: Sequence[Rule], literals: bool, forced: frozenset[int]):  # type: ignore[no-untyped-def]
        """The database's expressions and flags, ``targets`` (database id -> rule indices) and
        ``literal_rules`` (the rules searched by a literal)."""
        exprs: list[bytes] = []
        flags: list[int] = []
        targets: list[list[int]] = []
        by_literal: dict[tuple[bytes, int], int] = {}
        literal_rules: set[int] = set()
        for r in rules:
            pre = prefilter_literals(r.pattern, r.ignore_case) if literals and r.index not in forced else None
            if pre is None:
                exprs.append(to_hyperscan(r.pattern).encode())
                flags.append(regex_flags(hyperscan, r.pattern, r.ignore_case))
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
        return exprs, flags, [tuple(t) for t in targets], frozenset(literal_rules)

    def _repair(self, hyperscan, exprs, ids, flags, targets, broken):  # type: ignore[no-untyped-def]
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
                broken += [self.rules[r].key for r in targets[i]]
        return keep_e, keep_i, keep_f

    def candidates(self, buf: bytes) -> list[tuple[int, int]]:
        return self.candidates_in(buf, len(buf))  # type: ignore[arg-type]

    @staticmethod
    def _expand(found: list[tuple[int, int]], targets: list[tuple[int, ...]]) -> list[tuple[int, int]]:
        """(end, database id) -> (end, rule index) for every rule the id stands for."""
        return [(end, rid) for end, pid in found for rid in targets[pid]]

    def candidates_in(self, buf: bytearray, n: int) -> list[tuple[int, int]]:
        """``candidates(bytes(buf[:n]))`` without copying ``buf`` (unless it holds a ``\\r``)."""
        out: list[tuple[int, int]] = []
        append = out.append

        def on_match(rule_id: int, start: int, end: int, flags: int, ctx: object) -> bool:
            append((end, rule_id))
            return False

        state = self._state  # one consistent database for this whole scan
        scratch = self._scratch(state)
        if buf.find(b"\r", 0, n) != -1:
            # \r becomes \n for matching so that ^ anchors at progress-bar redraws too (same length:
            # offsets unchanged)
            data = buf.replace(b"\r", b"\n") if 2 * n > len(buf) else buf[:n].replace(b"\r", b"\n")
            with memoryview(data) as mv, mv[:n] as view:
                state.db.scan(view, match_event_handler=on_match, scratch=scratch)
        else:
            with memoryview(buf) as mv, mv[:n] as view:
                state.db.scan(view, match_event_handler=on_match, scratch=scratch)
        return self._expand(out, state.targets)


def _load_db(hyperscan, name: str) -> _Compiled | None:  # type: ignore[no-untyped-def]
    """A compiled database from the cache: a JSON layout and Hyperscan's own serialisation (no pickle)."""
    body = cache.read(name)
    if body is None or len(body) < 4:
        return None
    n = int.from_bytes(body[:4], "little")
    try:
        head = json.loads(body[4 : 4 + n])
        db = hyperscan.loadb(body[4 + n :], mode=hyperscan.HS_MODE_BLOCK)
        return _Compiled(db, [tuple(t) for t in head["targets"]], frozenset(head["literal_rules"]), list(head["broken"]))
    except Exception:  # noqa: BLE001 - a stale or corrupt cache is rebuilt
        return None


def regex_flags(hyperscan, pattern: str, ignore_case: bool) -> int:  # type: ignore[no-untyped-def]
    """The Hyperscan flags a full-regex pattern is compiled with (kb lint compiles each one the same way)."""
    return (hyperscan.HS_FLAG_MULTILINE | (hyperscan.HS_FLAG_CASELESS if ignore_case else 0)
            | (hyperscan.HS_FLAG_UTF8 if not pattern.isascii() else 0))


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

