"""The literal prefilter's claim: every match of a regex contains one of its necessary literals.

If this ever failed, the fast scan would miss lines the plain path finds, so it is checked three
ways: on hand-written patterns, on random regexes against random text, and on strings Hypothesis
generates from every signature of the knowledge base.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from denpex.engine import get_engine
from denpex.literals import hyperscan_literal, necessary_literals, prefilter_literals


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"CUDA out of memory\. Tried to allocate (?P<n>\d+)", {"CUDA out of memory. Tried to allocate "}),
        (r"a(?:bc|de)f", {"abcf", "adef"}),
        (r"(?:ab)+c", {"abc"}),
        (r"x.*yz", {"yz"}),
        (r"a{3}b", {"aaab"}),
        (r"NCCL INFO (?:comm 0x[0-9a-f]+ )?rank \d+ nranks \d+", {" nranks "}),
        (r"\bfoo(?=barbaz)", {"foo"}),  # a lookahead's text is not part of the match
        (r"(?:x|)abcd", {"abcd"}),  # "xabcd" contains "abcd": the longer one is dropped
        (r"[Ee]rror code", {"error code", "Error code"}),
        (r"^已杀死", {"已杀死"}),
    ],
)
def test_necessary_literals_of_known_patterns(pattern, expected):
    lits = necessary_literals(pattern)
    pre = prefilter_literals(pattern)
    assert (pre[0] if pre else lits) == frozenset(expected)


def test_weak_or_missing_literals_mean_full_regex():
    assert prefilter_literals(r"\d+\s+\w+") is None  # nothing literal at all
    assert prefilter_literals(r"NCCL INFO \w+") is None  # only a token every healthy NCCL log prints
    assert prefilter_literals(r"\bloss\b") is None
    assert prefilter_literals(r"(?:ab)+c") is None  # three bytes: too frequent to be worth it
    assert prefilter_literals(r"Error", ignore_case=True) is None


def test_case_is_ignored_where_the_pattern_ignores_it():
    assert prefilter_literals(r"illegal memory access", ignore_case=True) == (frozenset({"illegal memory access"}), True)
    assert prefilter_literals(r"(?i:Illegal) memory access")[1] is True
    assert prefilter_literals(r"Illegal memory access")[1] is False


def test_hyperscan_literal_escapes_every_special_byte():
    import hyperscan

    lit = "a.b*(c)[d] \\ 已"
    db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
    db.compile(expressions=[hyperscan_literal(lit)], ids=[0], elements=1, flags=[0])
    seen: list[int] = []
    db.scan(("xx" + lit + "yy").encode(), match_event_handler=lambda i, s, e, f, c: seen.append(e))
    db.scan(b"aXb*(c)[d] \\ ", match_event_handler=lambda i, s, e, f, c: seen.append(-1))
    assert seen == [2 + len(lit.encode())]


_ATOMS = ["a", "b", "c", "ab", "abc", "[ab]", "[^a]", ".", r"\d", r"\s", "x", "\n", "É", "é", "[éÉ]"]


@st.composite
def _regex(draw, depth=0):
    """Random regexes over a tiny alphabet, with every construct the analysis handles."""
    n = draw(st.integers(1, 4))
    parts = []
    for _ in range(n):
        kind = draw(st.integers(0, 9 if depth < 2 else 3))
        if kind <= 3:
            parts.append(draw(st.sampled_from(_ATOMS)))
        elif kind == 4:
            parts.append("(?:" + "|".join(draw(st.lists(_regex(depth + 1), min_size=1, max_size=3))) + ")")
        elif kind == 5:
            parts.append("(?:" + draw(_regex(depth + 1)) + ")" + draw(st.sampled_from(["?", "*", "+", "{2}", "{1,3}", "{0}", "+?"])))
        elif kind == 6:
            parts.append(draw(st.sampled_from(["^", "$", r"\b", r"\B"])))
        elif kind == 7:
            parts.append("(?" + draw(st.sampled_from(["=", "!", "<=", "<!"])) + draw(st.sampled_from(["a", "b", "ab"])) + ")")
        elif kind == 8:
            parts.append("(?i:" + draw(_regex(depth + 1)) + ")")
        else:
            parts.append(f"(?P<g{draw(st.integers(0, 10**6))}>" + draw(_regex(depth + 1)) + ")")
    return "".join(parts)


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_regex(), st.text(alphabet="abcABx1 \néÉ", max_size=40), st.booleans())
def test_every_match_of_a_random_regex_contains_a_literal(pattern, text, icase):
    try:
        rx = re.compile(pattern, re.ASCII | (re.IGNORECASE if icase else 0))
    except re.error:
        return  # e.g. duplicate group names, variable-width lookbehind
    lits = necessary_literals(pattern, icase)
    if lits is None:
        return
    fold = icase or "(?i" in pattern  # caseless as Hyperscan does it: ASCII letters only
    low = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
    for m in rx.finditer(text):
        got = m.group().translate(low) if fold else m.group()
        assert any((x.translate(low) if fold else x) in got for x in lits), (pattern, text, m.group(), lits)


_RULES = [r for r in get_engine().rules if prefilter_literals(r.pattern, r.ignore_case)]


@pytest.mark.parametrize("rule", _RULES, ids=[r.key for r in _RULES])
def test_every_signature_match_contains_its_prefilter_literal(rule):
    """Strings Hypothesis builds to match each signature regex hold one of its prefilter literals."""
    lits, caseless = prefilter_literals(rule.pattern, rule.ignore_case)
    rx = rule.regex.compiled()

    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.from_regex(rx))
    def check(s):
        m = rx.search(s)
        assert m is not None
        low = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
        hay = m.group().translate(low) if caseless else m.group()
        assert any((x.translate(low) if caseless else x) in hay for x in lits), (s, lits)

    check()


def test_kb_lint_names_the_signatures_off_the_fast_path():
    from denpex.kbcheck import kb_lint

    res = kb_lint()
    off = {n.split("'")[1] for n in res.notes if "no distinctive literal" in n}
    expected = {r.sig_id for r in get_engine().rules if r.entry_id and prefilter_literals(r.pattern, r.ignore_case) is None}
    assert off == expected
    assert len(off) <= 5, "most signatures must stay on the literal fast path"


def test_generic_failure_rules_stay_on_the_literal_prefilter():
    """The generic error-line rules are long alternations: each must keep a literal set (at most
    MAX_SET literals, none a word healthy logs print), or Hyperscan compiles it as one full regex -
    seconds at every cold start. Only the rules written to have no literal may go without."""
    from denpex.rules import GENERIC

    without = [(name, pattern[:60]) for name, pattern, *_ in GENERIC if prefilter_literals(pattern, False) is None]
    allowed = {"exception", "glog-error", "error-word", "error-line"}
    assert {name for name, _ in without} <= allowed
    # of the error-line rules, only the compiler diagnostic and the sentence-level rule are full regexes
    assert sum(1 for name, _ in without if name == "error-line") == 2, without


def test_no_pattern_is_outside_hyperscan():
    """A pattern Hyperscan refuses even in prefilter mode is silently never searched (a raw \\u escape
    once disabled a whole generic rule): none may be."""
    pytest.importorskip("hyperscan")
    from denpex.matchers import HyperscanMatcher

    eng = get_engine()
    assert HyperscanMatcher(eng.rules, cache_key=None).broken == []
    # ... nor in the full-regex database (engine="hyperscan-full"), where a rule off the literal path is
    # compiled whole: a raw "\u201c" escape in a generic pattern once broke one there only
    assert HyperscanMatcher(eng.rules, cache_key=None, literals=False).broken == []
