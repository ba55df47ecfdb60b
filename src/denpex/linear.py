"""Linear-time verification: signature regexes run in RE2 with Python ``re`` semantics.

Hyperscan only says which lines may hold a match; the signature's regex then runs on that line to
verify it and extract the facts. Python's ``re`` backtracks, so a hostile line (tens of thousands of
characters built from a signature's own words) can take seconds to minutes. RE2 guarantees time
linear in the input, and ``google-re2`` keeps Python's named groups.

The two dialects differ in small ways that change matches, so a pattern is not handed to RE2 as
written: it is parsed with Python's own parser and written out again as an RE2 pattern with the
semantics ``re.ASCII`` gives it:

* case folding (``IGNORECASE`` or an inline ``(?i)``) of ASCII letters only, spelled out as
  ``[aA]`` (RE2's case folding is Unicode: it would let ``k`` match the Kelvin sign);
* ``\\s`` as Python's ASCII set ``[\\t\\n\\v\\f\\r ]`` (RE2's lacks ``\\v``), ``\\d``/``\\w`` as ASCII ranges;
* ``\\Z`` as ``\\z``; every literal character as an escape, so no syntax difference can leak in.

Capturing groups keep their numbers and names, so ``groupdict()`` is what Python gives; a test
compares both engines on every sample line of the knowledge base and on generated strings.

A pattern RE2 cannot express (lookarounds, backreferences, atomic groups, a repeat count over
1000) stays in Python ``re`` but only ever sees the first ``FALLBACK_CHARS`` characters of a line,
which bounds its time; ``denpex kb lint`` lists those patterns and times every pattern on
adversarial input.
"""

from __future__ import annotations

import re
from typing import Any

try:  # Python 3.11+
    import re._constants as _c  # type: ignore[import-not-found]
    import re._parser as _p  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

FALLBACK_CHARS = 4096  # what a pattern outside RE2 may see of one line

try:
    import re2 as _re2mod

    _HAVE_RE2 = True
except ImportError:  # pragma: no cover - google-re2 is a dependency; kept for broken installs
    _re2mod = None  # type: ignore[assignment]
    _HAVE_RE2 = False


class Unsupported(ValueError):
    """The pattern uses a construct RE2 does not have."""


_SPACE = [(9, 13), (32, 32)]
_DIGIT = [(48, 57)]
_WORD = [(48, 57), (65, 90), (95, 95), (97, 122)]
_MAXCHAR = 0x10FFFF


def _complement(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    lo = 0
    for a, b in _merge(ranges):
        if a > lo:
            out.append((lo, a - 1))
        lo = b + 1
    if lo <= _MAXCHAR:
        out.append((lo, _MAXCHAR))
    return out


def _merge(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(ranges):
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _fold(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Add the other case of every ASCII letter in the ranges (Python's ASCII case folding)."""
    extra = []
    for a, b in ranges:
        for lo, hi, delta in ((97, 122, -32), (65, 90, 32)):
            s, e = max(a, lo), min(b, hi)
            if s <= e:
                extra.append((s + delta, e + delta))
    return _merge(ranges + extra)


_CATEGORY = {
    _c.CATEGORY_DIGIT: _DIGIT,
    _c.CATEGORY_NOT_DIGIT: _complement(_DIGIT),
    _c.CATEGORY_SPACE: _SPACE,
    _c.CATEGORY_NOT_SPACE: _complement(_SPACE),
    _c.CATEGORY_WORD: _WORD,
    _c.CATEGORY_NOT_WORD: _complement(_WORD),
}


def _char(cp: int) -> str:
    if cp < 128 and (chr(cp).isalnum() or cp == 95):
        return chr(cp)
    return "\\x{%x}" % cp


def _set(ranges: list[tuple[int, int]]) -> str:
    if not ranges:
        return "[^\\x{0}-\\x{10ffff}]"  # matches nothing
    parts = []
    for a, b in ranges:
        parts.append(_char(a) if a == b else f"{_char(a)}-{_char(b)}")
    return "[" + "".join(parts) + "]"


def _in_ranges(items: list[tuple[Any, Any]], icase: bool) -> tuple[list[tuple[int, int]], bool]:
    negate = False
    ranges: list[tuple[int, int]] = []
    for op, av in items:
        if op is _c.NEGATE:
            negate = True
        elif op is _c.LITERAL:
            ranges.append((av, av))
        elif op is _c.RANGE:
            ranges.append((av[0], av[1]))
        elif op is _c.CATEGORY:
            if av not in _CATEGORY:
                raise Unsupported(f"category {av}")
            ranges += _CATEGORY[av]
        else:
            raise Unsupported(f"set item {op}")
    ranges = _merge(ranges)
    if icase:
        ranges = _fold(ranges)
    return ranges, negate


class _Emitter:
    def __init__(self, names: dict[int, str]):
        self.names = names

    def seq(self, items: Any, flags: int) -> str:
        return "".join(self.item(op, av, flags) for op, av in items)

    def item(self, op: Any, av: Any, flags: int) -> str:  # noqa: C901 - one case per opcode
        icase = bool(flags & re.IGNORECASE)
        if op is _c.LITERAL:
            if icase and (65 <= av <= 90 or 97 <= av <= 122):
                return _set(_fold([(av, av)]))
            return _char(av)
        if op is _c.NOT_LITERAL:
            ranges = _fold([(av, av)]) if icase else [(av, av)]
            return _set(_complement(ranges))
        if op is _c.IN:
            ranges, negate = _in_ranges(av, icase)
            return _set(_complement(ranges) if negate else ranges)
        if op is _c.ANY:
            return "(?s:.)" if flags & re.DOTALL else "[^\\n]"
        if op is _c.AT:
            return self.at(av, flags)
        if op is _c.BRANCH:
            return "(?:" + "|".join(self.seq(b, flags) for b in av[1]) + ")"
        if op is _c.SUBPATTERN:
            group, add, dele, sub = av
            inner = self.seq(sub, (flags | add) & ~dele)
            if group is None:
                return "(?:" + inner + ")"
            name = self.names.get(group)
            return f"(?P<{name}>{inner})" if name else f"({inner})"
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            lo, hi, sub = av
            if hi is _c.MAXREPEAT or hi == _c.MAXREPEAT:
                count = "*" if lo == 0 else "+" if lo == 1 else "{%d,}" % lo
            elif lo == hi:
                count = "{%d}" % lo
            elif (lo, hi) == (0, 1):
                count = "?"
            else:
                count = "{%d,%d}" % (lo, hi)
            if max(lo, 0 if hi == _c.MAXREPEAT else hi) > 1000:
                raise Unsupported("repeat count over 1000")
            return "(?:" + self.seq(sub, flags) + ")" + count + ("?" if op is _c.MIN_REPEAT else "")
        raise Unsupported(str(op))

    @staticmethod
    def at(av: Any, flags: int) -> str:
        multi = bool(flags & re.MULTILINE)
        if av is _c.AT_BEGINNING:
            return "(?m:^)" if multi else "\\A"
        if av is _c.AT_BEGINNING_STRING:
            return "\\A"
        if av is _c.AT_END:
            # Python's '$' also matches before a final newline; verification runs on single lines
            # (no newline in them), where both mean the end of the text
            return "(?m:$)" if multi else "\\z"
        if av is _c.AT_END_STRING:
            return "\\z"
        if av is _c.AT_BOUNDARY:
            return "\\b"
        if av is _c.AT_NON_BOUNDARY:
            return "\\B"
        raise Unsupported(f"anchor {av}")


def to_re2(pattern: str, flags: int = 0) -> str:
    """An RE2 pattern that matches what ``re.compile(pattern, flags | re.ASCII)`` matches, with the
    same groups; raises ``Unsupported`` for constructs RE2 lacks."""
    if flags & re.LOCALE:
        raise Unsupported("LOCALE")
    parsed = _p.parse(pattern, flags | re.ASCII)
    all_flags = parsed.state.flags
    if not all_flags & re.ASCII or all_flags & re.UNICODE:
        raise Unsupported("Unicode classes")
    names = {i: n for n, i in parsed.state.groupdict.items()}
    return _Emitter(names).seq(parsed, all_flags)


class _Match:
    """The part of ``re.Match`` the engine uses, for an RE2 match on the UTF-8 bytes of a string:
    group strings are decoded on demand, character offsets computed on demand."""

    __slots__ = ("_ascii", "_base", "_data", "_rx", "_spans", "string")

    def __init__(self, rx: LinearPattern, string: str, data: bytes, spans: Any, base: tuple[int, int] = (0, 0)):
        self._rx, self.string, self._data, self._spans = rx, string, data, spans
        self._ascii = len(data) == len(string)
        self._base = base  # a (byte, character) offset pair at or before the match: offsets count from there

    def _index(self, g: int | str) -> int:
        if isinstance(g, str):
            try:
                return self._rx.groupindex[g]
            except KeyError:
                raise IndexError("no such group") from None
        if not 0 <= g <= self._rx.groups:
            raise IndexError("no such group")
        return g

    def group(self, *gs: int | str) -> Any:
        if not gs:
            gs = (0,)
        vals = [self._get(self._index(g)) for g in gs]
        return vals[0] if len(vals) == 1 else tuple(vals)

    def __getitem__(self, g: int | str) -> Any:
        return self._get(self._index(g))

    def _get(self, i: int) -> str | None:
        s, e = self._spans[i]
        if s == -1:
            return None
        if self._ascii:
            return self.string[s:e]
        return self._data[s:e].decode("utf-8", "surrogatepass")

    def groups(self, default: Any = None) -> tuple[Any, ...]:
        return tuple(default if (v := self._get(i)) is None else v for i in range(1, self._rx.groups + 1))

    def groupdict(self, default: Any = None) -> dict[str, Any]:
        return {n: default if (v := self._get(i)) is None else v for n, i in self._rx.groupindex.items()}

    def _char(self, b: int) -> int:
        if self._ascii:
            return b
        bb, bc = self._base
        if b < bb:
            bb, bc = 0, 0
        return bc + len(self._data[bb:b].decode("utf-8", "surrogatepass"))

    def start(self, g: int | str = 0) -> int:
        s = self._spans[self._index(g)][0]
        return -1 if s == -1 else self._char(s)

    def end(self, g: int | str = 0) -> int:
        e = self._spans[self._index(g)][1]
        return -1 if e == -1 else self._char(e)

    def span(self, g: int | str = 0) -> tuple[int, int]:
        return self.start(g), self.end(g)

    def __repr__(self) -> str:
        return f"<denpex.linear match span={self.span()} match={self.group()!r}>"


class LinearPattern:
    """A compiled RE2 pattern with ``re.Pattern``'s search/match and Python's group semantics."""

    __slots__ = ("_native", "_rx", "groupindex", "groups", "pattern", "re2_pattern")

    def __init__(self, pattern: str, flags: int, py: re.Pattern[str]):
        if not _HAVE_RE2:
            raise Unsupported("google-re2 is not installed")
        self.pattern = pattern
        self.re2_pattern = to_re2(pattern, flags)
        opts = _re2mod.Options()
        opts.log_errors = False
        opts.max_mem = 64 << 20
        try:
            self._rx = _re2mod.compile(self.re2_pattern, opts)
        except Exception as exc:  # re2.error: over the memory budget and the like
            raise Unsupported(str(exc)) from None
        self.groupindex = dict(py.groupindex)
        self.groups = py.groups
        if self._rx.groups != self.groups or dict(self._rx.groupindex) != self.groupindex:
            raise Unsupported("group layout differs")
        # the C++ RE2 object, called on UTF-8 bytes: google-re2's str API maps every offset back to
        # characters on each call, which costs more than the match on short lines
        self._native = getattr(self._rx, "_regexp", None)
        if self._native is None or not hasattr(self._native, "Match"):
            raise Unsupported("this google-re2 has no native Match")

    def _run(self, anchor: Any, string: str, pos: int, endpos: int | None) -> _Match | None:
        data = string.encode("utf-8", "surrogatepass")
        n = len(string)
        end = n if endpos is None else max(0, min(endpos, n))
        pos = max(0, min(pos, n))
        if len(data) == n:
            bpos, bend = pos, end
        else:
            bpos = len(string[:pos].encode("utf-8", "surrogatepass"))
            bend = len(data) if end == n else len(string[:end].encode("utf-8", "surrogatepass"))
        if bpos > bend:
            return None
        spans = self._native.Match(anchor, data, bpos, bend)
        if spans[0][0] == -1:
            return None
        return _Match(self, string, data, spans)

    def search(self, string: str, pos: int = 0, endpos: int | None = None) -> _Match | None:
        return self._run(_UNANCHORED, string, pos, endpos)

    def finditer(self, string: str) -> Any:
        """Every non-overlapping match, left to right, in time linear in the string (encoded once;
        character offsets counted on from the previous match)."""
        data = string.encode("utf-8", "surrogatepass")
        n = len(data)
        pos = 0
        base = (0, 0)
        while pos <= n:
            spans = self._native.Match(_UNANCHORED, data, pos, n)
            if spans[0][0] == -1:
                return
            m = _Match(self, string, data, spans, base)
            yield m
            s, e = spans[0]
            if not m._ascii:
                base = (e, m._char(e))
            if e == s:  # an empty match: step over one character
                if e >= n:
                    return
                e += 1
                while e < n and (data[e] & 0xC0) == 0x80:
                    e += 1
            pos = e

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        """``re.Pattern.sub`` with a function (or a plain string, taken literally) as replacement."""
        out: list[str] = []
        last = 0
        for i, m in enumerate(self.finditer(string)):
            if count and i >= count:
                break
            s, e = m.span()
            out.append(string[last:s])
            out.append(repl(m) if callable(repl) else repl)
            last = e
        if not out:
            return string
        out.append(string[last:])
        return "".join(out)

    def match(self, string: str, pos: int = 0, endpos: int | None = None) -> _Match | None:
        return self._run(_ANCHOR_START, string, pos, endpos)


if _HAVE_RE2:
    _UNANCHORED = _re2mod._Anchor.UNANCHORED
    _ANCHOR_START = _re2mod._Anchor.ANCHOR_START
else:  # pragma: no cover
    _UNANCHORED = _ANCHOR_START = 0


class BoundedPattern:
    """A Python ``re`` pattern that RE2 cannot express, run on at most ``FALLBACK_CHARS``
    characters of each text: its backtracking cannot take unbounded time on a long line."""

    __slots__ = ("_rx", "pattern", "reason")

    def __init__(self, rx: re.Pattern[str], reason: str):
        self._rx, self.pattern, self.reason = rx, rx.pattern, reason

    def search(self, string: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(string) if endpos is None else min(endpos, len(string))
        return self._rx.search(string, pos, min(end, pos + FALLBACK_CHARS))

    def match(self, string: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(string) if endpos is None else min(endpos, len(string))
        return self._rx.match(string, pos, min(end, pos + FALLBACK_CHARS))

    @property
    def groupindex(self) -> Any:
        return self._rx.groupindex


def linear(pattern: str, flags: int, py: re.Pattern[str]) -> LinearPattern | BoundedPattern:
    """The verifier for a pattern: RE2 when it can express it, else bounded Python ``re``."""
    try:
        return LinearPattern(pattern, flags, py)
    except (Unsupported, re.error, OverflowError, RecursionError) as exc:
        return BoundedPattern(py, str(exc) or type(exc).__name__)


def literal_runs(pattern: str, flags: int = 0) -> list[str]:
    """The runs of literal characters in a pattern, in order, at any depth (material for the
    adversarial inputs ``denpex kb lint`` times each pattern on)."""
    try:
        parsed = _p.parse(pattern, flags | re.ASCII)
    except (re.error, RecursionError):
        return []
    runs: list[str] = []

    def walk(items: Any) -> None:
        cur: list[str] = []
        for op, av in items:
            if op is _c.LITERAL:
                cur.append(chr(av))
                continue
            if cur:
                runs.append("".join(cur))
                cur = []
            if op is _c.SUBPATTERN:
                walk(av[3])
            elif op is _c.BRANCH:
                for b in av[1]:
                    walk(b)
            elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)):
                walk(av[2])
            elif op in (_c.ASSERT, _c.ASSERT_NOT):
                walk(av[1])
            elif op is getattr(_c, "ATOMIC_GROUP", None):
                walk(av)
            elif op is _c.IN:
                lits = [chr(a) for o, a in av if o is _c.LITERAL]
                if lits:
                    runs.append(lits[0])
        if cur:
            runs.append("".join(cur))

    walk(parsed)
    return runs


def adversarial_inputs(pattern: str, flags: int, size: int) -> list[tuple[str, str]]:
    """(name, text) pairs of about ``size`` characters built from the pattern's own literals: each
    literal repeated, every literal in order repeated (a near-match over and over), each literal
    followed by word, digit or space filler, and plain fillers. These are the shapes that make a
    backtracking engine try every start position against a long tail."""
    runs = [r for r in literal_runs(pattern, flags) if r]
    seen: set[str] = set()
    uniq = []
    for r in runs:
        if r not in seen:
            seen.add(r)
            uniq.append(r)
    out: list[tuple[str, str]] = []

    def rep(name: str, unit: str) -> None:
        if unit:
            out.append((name, (unit * (size // len(unit) + 1))[:size]))

    for i, r in enumerate(uniq[:8]):
        rep(f"literal {i} repeated", r)
        rep(f"literal {i} + word", r + "a")
        rep(f"literal {i} + digit", r + "1")
        rep(f"literal {i} + space", r + " ")
        out.append((f"literal {i} then filler", r + "a" * (size - len(r))))
    if len(uniq) > 1:
        rep("all literals repeated", "".join(uniq))
        rep("all literals but the last, repeated", "".join(uniq[:-1]))
        rep("all literals, spaced, repeated", " ".join(uniq) + " ")
    for name, unit in (("word filler", "a"), ("digit filler", "1"), ("space filler", " "), ("mixed filler", "a1_ (,.:")):
        rep(name, unit)
    return out
