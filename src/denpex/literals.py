"""Necessary literals: for a regex, a small set of strings one of which every match contains.

The scanner's Hyperscan database searches for these literals instead of the full signature
regexes wherever a signature has a distinctive one (a literal-only database runs about half as
fast again as one of full regexes); every candidate line is verified by the signature's Python
regex anyway, so a literal set only has to be *necessary*, never sufficient.

The analysis walks the parsed regex (``re``'s own parser) and, for every node, works out:

* ``exact``: the set of strings the node can match, when that set is small (else ``None``);
* ``prefix`` / ``suffix``: sets one of which starts / ends every match (``{""}`` when unknown);
* ``inner``: a set one of which every match contains (``None`` when unknown).

A concatenation glues neighbouring facts together (``suffix of a`` x ``exact of b`` x
``prefix of c``), an alternation unions its branches, a repetition keeps what one copy
guarantees when at least one copy is required. Anything not understood (character classes
that are large, ``.``, lookarounds, conditionals) is treated as "could be anything", which
can only make the answer weaker, never wrong. The property test in ``tests/test_literals.py``
checks the claim on strings Hypothesis generates from every signature.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

try:  # Python 3.11+
    from re import _constants as _C
    from re import _parser as _P
except ImportError:  # Python 3.10
    import sre_constants as _C  # type: ignore[no-redef]
    import sre_parse as _P  # type: ignore[no-redef]

MAX_SET = 64  # larger sets are given up (they would make a slow prefilter anyway)
MAX_LEN = 64  # literals handed out are cut to this many characters (a piece of a necessary literal still is one)
_EMPTY = frozenset({""})

# Tokens that ordinary, healthy ML logs print on very many lines: a signature whose only literal is
# one of these would make the prefilter report most lines, so such a signature is searched with its
# full regex instead (compared case-insensitively, ignoring surrounding punctuation and spaces).
COMMON_TOKENS = frozenset({
    "nccl info", "nccl warn", "info", "warning", "warn", "debug", "error", "loss", "step", "steps",
    "epoch", "iter", "iteration", "batch", "train", "eval", "rank", "lr", "grad_norm", "it/s", "s/it",
    "tokens", "throughput", "global_step", "time", "memory",
})
MIN_STRENGTH = 4  # bytes: shorter literals are too frequent to be worth a prefilter


@dataclass(frozen=True)
class _Facts:
    exact: frozenset[str] | None
    prefix: frozenset[str]
    suffix: frozenset[str]
    inner: frozenset[str] | None


_UNKNOWN = _Facts(None, _EMPTY, _EMPTY, None)
_NOTHING = _Facts(_EMPTY, _EMPTY, _EMPTY, None)  # matches the empty string only (anchors, lookarounds)


def _cross(a: frozenset[str], b: frozenset[str]) -> frozenset[str] | None:
    if len(a) * len(b) > MAX_SET:
        return None
    return frozenset(x + y for x in a for y in b)


def strength(lit: str) -> int:
    """How distinctive a literal is: its UTF-8 length, or 0 for a token healthy logs print constantly."""
    core = lit.strip(" \t:=[]()<>,.;'\"-_|/").lower()
    if core in COMMON_TOKENS or not core:
        return 0
    return len(lit.encode())


def score(lits: frozenset[str] | None) -> tuple[int, int]:
    """A set is as good as its weakest member; among equals, fewer members is better."""
    if not lits:
        return (-1, 0)
    return (min(strength(x) for x in lits), -len(lits))


def _best(*sets: frozenset[str] | None) -> frozenset[str] | None:
    best: frozenset[str] | None = None
    for s in sets:
        if s and "" not in s and (best is None or score(s) > score(best)):
            best = s
    return best


def _fold(ch: str) -> str:
    """Case folding as ``re.ASCII | re.IGNORECASE`` and Hyperscan's caseless mode do it: ASCII only."""
    return ch.lower() if ch.isascii() else ch


def _char(code: int, icase: bool) -> _Facts:
    ch = chr(code)
    if ch in "\r\n" or ch == "\ufffd":  # lines are cut at these; U+FFFD may stand for invalid bytes
        return _UNKNOWN
    s = frozenset({_fold(ch) if icase else ch})
    return _Facts(s, s, s, s)


def _charset(items: list[tuple[object, object]], icase: bool) -> _Facts:
    chars: set[str] = set()
    for op, av in items:
        if op is _C.LITERAL:
            chars.add(chr(av))  # type: ignore[arg-type]
        elif op is _C.RANGE and av[1] - av[0] < 8:  # type: ignore[index]
            chars.update(chr(c) for c in range(av[0], av[1] + 1))  # type: ignore[index]
        else:  # NEGATE, CATEGORY (\d, \s, ...), wide ranges
            return _UNKNOWN
    if icase:
        chars = {_fold(c) for c in chars}
    if not chars or len(chars) > 4 or chars & {"\r", "\n", "\ufffd"}:
        return _UNKNOWN
    s = frozenset(chars)
    return _Facts(s, s, s, s)


def _edge(items: list[_Facts], left: bool) -> frozenset[str]:
    """The prefix (``left``) or suffix set of a concatenation: its exact parts glued from that end
    up to the first inexact part, whose own prefix (suffix) closes it."""
    out: frozenset[str] = _EMPTY
    for f in items if left else reversed(items):
        piece = f.exact if f.exact is not None else (f.prefix if left else f.suffix)
        nxt = _cross(out, piece) if left else _cross(piece, out)
        if nxt is None:
            break
        out = nxt
        if f.exact is None:
            break
    return out


def _sequence(items: list[_Facts]) -> _Facts:
    """Facts of a concatenation from the facts of its parts."""
    exact: frozenset[str] | None = _EMPTY
    candidates: list[frozenset[str] | None] = []
    prefix, suffix = _edge(items, left=True), _edge(items, left=False)
    # windows: suffix of an inexact part, the exact parts after it, the prefix of the next inexact one
    run: frozenset[str] = _EMPTY
    for f in items:
        candidates.append(f.inner)
        if exact is not None:
            exact = _cross(exact, f.exact) if f.exact is not None else None
        if f.exact is not None:
            nxt = _cross(run, f.exact)
            if nxt is None:  # too many combinations: keep what we have, start again from this part
                candidates.append(run)
                run = f.exact
            else:
                run = nxt
            continue
        closed = _cross(run, f.prefix)
        candidates.append(closed if closed is not None else run)
        run = f.suffix
    candidates.append(run)
    return _Facts(exact, prefix, suffix, _best(exact, prefix, suffix, *candidates))


def _analyse(sub: object, icase: bool) -> _Facts:
    parts: list[_Facts] = []
    for op, av in sub:  # type: ignore[attr-defined]
        parts.append(_node(op, av, icase))
    return _sequence(parts)


def _node(op: object, av: object, icase: bool) -> _Facts:
    if op is _C.LITERAL:
        return _char(av, icase)  # type: ignore[arg-type]
    if op is _C.IN:
        return _charset(av, icase)  # type: ignore[arg-type]
    if op is _C.AT:
        return _NOTHING
    if op in (_C.ASSERT, _C.ASSERT_NOT):
        return _NOTHING  # zero-width: what it looks at is not part of the match
    if op is _C.SUBPATTERN:
        _, add, remove, p = av  # type: ignore[misc]
        flag = _C.SRE_FLAG_IGNORECASE
        return _analyse(p, (icase or bool(add & flag)) and not (remove & flag))
    if getattr(_C, "ATOMIC_GROUP", None) is not None and op is _C.ATOMIC_GROUP:
        return _analyse(av, icase)
    if op is _C.BRANCH:
        alts = [_analyse(a, icase) for a in av[1]]  # type: ignore[index]
        return _union(alts)
    if op in (_C.MAX_REPEAT, _C.MIN_REPEAT) or op is getattr(_C, "POSSESSIVE_REPEAT", None):
        lo, hi, p = av  # type: ignore[misc]
        body = _analyse(p, icase)
        if hi == 0:
            return _NOTHING
        if lo == 0:
            return _UNKNOWN
        exact = None
        if body.exact is not None and lo == hi and lo <= 4:
            exact = _EMPTY
            for _ in range(lo):
                exact = _cross(exact, body.exact) if exact is not None else None
        return _Facts(exact, body.prefix, body.suffix, _best(exact, body.inner, body.prefix, body.suffix))
    return _UNKNOWN  # ANY, NOT_LITERAL, CATEGORY, GROUPREF, GROUPREF_EXISTS, ...


def _union(alts: list[_Facts]) -> _Facts:
    def joined(sets: list[frozenset[str] | None]) -> frozenset[str] | None:
        if any(s is None for s in sets):
            return None
        out = frozenset().union(*sets)  # type: ignore[arg-type]
        return out if len(out) <= MAX_SET else None

    exact = joined([a.exact for a in alts])
    prefix = joined([a.prefix for a in alts]) or _EMPTY
    suffix = joined([a.suffix for a in alts]) or _EMPTY
    inner = joined([_best(a.exact, a.inner, a.prefix, a.suffix) for a in alts])
    if inner is not None and "" in inner:
        inner = None
    return _Facts(exact, prefix, suffix, _best(exact, inner, prefix, suffix))


def necessary_literals(pattern: str, ignore_case: bool = False) -> frozenset[str] | None:
    """Strings one of which every match of ``pattern`` (compiled with ``re.ASCII`` and, if
    ``ignore_case``, ``re.IGNORECASE``) contains; lower-cased where case is ignored. ``None``
    when the pattern guarantees no literal worth searching for."""
    flags = re.ASCII | (re.IGNORECASE if ignore_case else 0)
    try:
        tree = _P.parse(pattern, flags)
    except re.error:
        return None
    facts = _analyse(tree, ignore_case)
    return _best(facts.inner, facts.exact, facts.prefix, facts.suffix)


def prefilter_literals(pattern: str, ignore_case: bool = False) -> tuple[frozenset[str], bool] | None:
    """The literals to search for instead of ``pattern``, and whether to match them without regard
    to case; ``None`` when the pattern has no literal distinctive enough (search the full regex)."""
    lits = necessary_literals(pattern, ignore_case)
    if lits is None or score(lits)[0] < MIN_STRENGTH:
        return None
    caseless = ignore_case or "(?i" in pattern
    return _minimal(frozenset(x[:MAX_LEN] for x in lits)), caseless


def _minimal(lits: frozenset[str]) -> frozenset[str]:
    """Drops every literal that contains another one of the set (finding the shorter one suffices)."""
    return frozenset(x for x in lits if not any(y != x and y in x for y in lits))


def hyperscan_literal(lit: str) -> bytes:
    """A Hyperscan expression matching exactly the UTF-8 bytes of ``lit`` (every byte that is not a
    letter or digit written as ``\\xHH``, so no character is special)."""
    return b"".join(bytes([c]) if chr(c).isalnum() and c < 128 else b"\\x%02x" % c for c in lit.encode())
