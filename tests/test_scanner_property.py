"""The Hyperscan fast path finds exactly the matches of the plain per-line regex path."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from denpex.engine import get_engine
from denpex.knowledge import load_kb
from denpex.models import InputsReport
from denpex.readers import bytes_source
from denpex.scanner import PlainMatcher, scan_source

KB = load_kb()
ENG = get_engine(engine="hyperscan")
PLAIN = PlainMatcher(ENG.rules)
SAMPLE_LINES = sorted({ln for loaded in KB for s in loaded.samples for ln in s.body.splitlines() if ln.strip()})
NOISE = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80)
LINE = st.one_of(st.sampled_from(SAMPLE_LINES), NOISE, st.sampled_from(SAMPLE_LINES).map(lambda s: "\x1b[31m" + s + "\x1b[0m"))
SEP = st.sampled_from(["\n", "\r\n", "\r", "\n\n"])


def _hits(data: bytes, matcher) -> list[tuple[int, int, str]]:
    src = bytes_source("t", data, InputsReport())
    return sorted((h.line, h.rule, h.text) for h in scan_source(src, matcher))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(LINE, SEP), max_size=40))
def test_fast_path_equals_plain_path(parts):
    data = "".join(a + b for a, b in parts).encode("utf-8", "replace")
    assert _hits(data, ENG.matcher) == _hits(data, PLAIN)


def test_every_sample_same_on_both_paths():
    for loaded in KB:
        for s in loaded.samples:
            data = s.body.encode()
            assert _hits(data, ENG.matcher) == _hits(data, PLAIN), s.path.name


def test_chunk_boundaries_do_not_lose_or_duplicate(monkeypatch):
    import denpex.readers as readers

    line = next(ln for ln in SAMPLE_LINES if "maximum context length is 4096" in ln)
    body = "".join(f"noise {i}\n" if i % 97 else line + "\n" for i in range(5000)).encode()
    expected = _hits(body, PLAIN)
    monkeypatch.setattr(readers, "CHUNK", 1000)  # many tiny chunks: boundaries everywhere
    from denpex import scanner

    src = bytes_source("t", body, InputsReport())
    got = sorted((h.line, h.rule, h.text) for h in scanner.scan_source(src, ENG.matcher))
    assert got == expected
    assert src.info.lines == 5000
