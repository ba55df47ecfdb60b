"""The Hyperscan fast path finds exactly the matches of the plain per-line regex path."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from denpex.engine import get_engine
from denpex.knowledge import load_kb
from denpex.models import InputInfo, InputsReport
from denpex.readers import Source, bytes_source
from denpex.scanner import PlainMatcher, scan_source

KB = load_kb()
ENG = get_engine(engine="hyperscan")
PLAIN = PlainMatcher(ENG.rules)
PLAIN_MEMO = PlainMatcher(ENG.rules, memo=True)  # same answers; a line seen in many samples runs once
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


_SHARDS = 8


@pytest.mark.parametrize("shard", range(_SHARDS))
def test_every_sample_same_on_both_paths(shard):
    # the entries are dealt into shards so that xdist workers share the ~0.1 s a sample of the plain path
    checked = 0
    for loaded in list(KB)[shard::_SHARDS]:
        for s in loaded.samples:
            data = s.body.encode()
            assert _hits(data, ENG.matcher) == _hits(data, PLAIN_MEMO), s.path.name
            checked += 1
    assert checked > 0


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


# --- the zero-copy chunked scan (scan_source) against the straightforward one (scan_source_reference)

import contextlib

import denpex.readers as _readers
import denpex.scanner as _scanner
from denpex.scanner import scan_source_reference

PROGRESS_LINES = ["step 12 | loss 0.3", "[rank3]: iteration 7/100", "Epoch 1:  20%|## | 20/100 [00:10<00:40, 2.00it/s]"]
ODD = st.sampled_from(["\x1b]0;title\x07", "\x1b[2K", "\x1b]8;;http://x\x1b\\", "\r", "\t", " " * 30, "\x00"])
LONG = st.builds(lambda c, k: c * k, st.sampled_from(["x", "Error ", "é"]), st.integers(50, 900))
ANY_LINE = st.one_of(
    st.sampled_from(SAMPLE_LINES),
    NOISE,
    st.sampled_from(PROGRESS_LINES),
    LONG,
    st.builds(lambda a, o, b: a + o + b, st.sampled_from(SAMPLE_LINES), ODD, st.sampled_from(SAMPLE_LINES)),
)


def _full(hits) -> list[tuple]:
    return [(h.line, h.rule, h.text, sorted(h.groups.items()), h.before, h.context_all) for h in hits]


@contextlib.contextmanager
def _small_buffers(chunk: int, max_line: int, tail: int, ctx: int):
    saved = (_readers.CHUNK, _scanner.MAX_LINE, _scanner.TAIL_BYTES, _scanner.CONTEXT_LINES, _scanner.PROGRESS_WINDOW)
    _readers.CHUNK, _scanner.MAX_LINE, _scanner.TAIL_BYTES, _scanner.CONTEXT_LINES = chunk, max_line, tail, ctx
    _scanner.PROGRESS_WINDOW = max(64, chunk // 2)
    try:
        yield
    finally:
        _readers.CHUNK, _scanner.MAX_LINE, _scanner.TAIL_BYTES, _scanner.CONTEXT_LINES, _scanner.PROGRESS_WINDOW = saved


def _run(scan, data: bytes, matcher):
    src = bytes_source("t", data, InputsReport())
    hits = _full(scan(src, matcher))
    return hits, src.info.lines, src.info.notes


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(ANY_LINE, SEP), max_size=120),
    st.sampled_from([64, 97, 500, 4096, 1 << 20]),
    st.sampled_from([200, 1000, 8 << 20]),
    st.sampled_from([300, 1 << 20]),
    st.sampled_from([2, 8, 64]),
)
def test_zero_copy_scan_equals_reference(parts, chunk, max_line, tail, ctx):
    data = "".join(a + b for a, b in parts).encode("utf-8", "replace")
    with _small_buffers(chunk, max_line, tail, ctx):
        fast = _run(scan_source, data, ENG.matcher)
        assert fast == _run(scan_source_reference, data, ENG.matcher)
        if tail >= 1 << 20:
            # With a tail cut short by TAIL_BYTES (the last lines longer than it), a line can straddle
            # the emitted region's end; the plain matcher reports a match at the end of its line,
            # Hyperscan where it ends, so the two can emit it from different buffers (other context).
            assert fast == _run(scan_source_reference, data, PLAIN)


@pytest.mark.parametrize("shard", range(_SHARDS))
def test_zero_copy_scan_samples(shard):
    # Each sample against the straightforward scan with the same matcher; that the Hyperscan matcher
    # finds what the plain per-line regexes find on every sample is test_every_sample_same_on_both_paths
    # (the plain reference costs ~0.1 s a sample, too much to pay twice more here). The entries are
    # dealt into shards so that xdist workers share the work.
    checked = 0
    for loaded in list(KB)[shard::_SHARDS]:
        for s in loaded.samples:
            data = s.body.encode()
            for chunk in (64, 1 << 20):  # the progress window follows the chunk: one reference each
                with _small_buffers(chunk, 8 << 20, 1 << 20, 64):
                    assert _run(scan_source, data, ENG.matcher) == _run(scan_source_reference, data, ENG.matcher), s.path.name
            checked += 1
    assert checked > 0


def test_zero_copy_scan_file_source(tmp_path):
    # a real file, read in byte ranges (split_source), with CRLF and ANSI
    body = "".join(f"\x1b[32mINFO\x1b[0m step {i}\r\n" if i % 101 else SAMPLE_LINES[i % len(SAMPLE_LINES)] + "\n" for i in range(30000))
    p = tmp_path / "x.log"
    p.write_bytes(body.encode())
    from denpex.readers import collect_sources, split_source

    # the same Hyperscan matcher on both sides: this test is about reading (byte ranges, chunks), and
    # that the matcher equals the plain regexes on such a file is test_chunk_boundaries_do_not_lose_or_duplicate
    rep = InputsReport()
    (src,) = collect_sources([str(p)], rep)
    ref = _full(scan_source_reference(src, ENG.matcher))
    (src,) = collect_sources([str(p)], rep)
    assert _full(scan_source(src, ENG.matcher)) == ref
    assert src.info.lines == 30000 and src.info.bytes == len(body.encode())
    parts = split_source(src, 4, min_part=50_000)
    assert len(parts) > 1
    for part in parts:
        a = _full(scan_source(part, ENG.matcher))
        b = _full(scan_source_reference(Source(part.name, InputInfo(part.name), path=part.path, start=part.start, end=part.end), ENG.matcher))
        assert a == b
    assert sum(x.info.bytes for x in parts) == len(body.encode())


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("stepSTEPiterationITERepochbatchglobal_ \n\r:=#[]/0123456789-x]:") + ["٣", "ſ", "İ", "é", "K"]), max_size=120))
def test_last_progress_lines_equals_regex_on_every_line(text):
    """The backwards walk that skips settled prefixes finds what the regex finds on every line."""
    from denpex.progress_lines import _PROGRESS, _last_progress_lines, _prefix

    expected: dict[str, tuple[int, str]] = {}
    for i, line in enumerate(text.split("\n")):
        line = line.rstrip("\r")
        seg = line.split("\r")[-1]
        if _PROGRESS.search(line):
            expected.pop(_prefix(seg), None)
            expected[_prefix(seg)] = (i, seg)
    assert _last_progress_lines(text) == expected


def test_newline_counter_with_and_without_numpy():
    import random

    from denpex.scanner import _NewlineCounter

    rng = random.Random(5)
    buf = bytearray(rng.choice(b"ab\n\r") for _ in range(3 << 20))
    plain = _NewlineCounter()
    plain.tried = True  # never imports numpy
    fast = _NewlineCounter()
    fast.counted = 1 << 40  # past the threshold: numpy when installed
    for lo, hi in [(0, len(buf)), (7, len(buf) - 3), (1 << 20, (2 << 20) + 5), (5, 900)]:
        assert fast(buf, lo, hi) == plain(buf, lo, hi) == buf.count(b"\n", lo, hi)
    buf.extend(b"\n")  # no export left behind: the buffer can still be resized
    assert fast(buf, 0, len(buf)) == buf.count(b"\n")


def test_a_literal_on_every_line_is_demoted_and_nothing_is_lost():
    """A log whose healthy lines all carry a rule's prefilter literal ("exit" here) makes that rule
    flood the verifier; the scanner then searches it by its full regex, and still finds exactly
    what the plain path finds, including the real matches among the floods."""
    from denpex.matchers import HyperscanMatcher

    matcher = HyperscanMatcher(ENG.rules, cache_key=None)  # its own: demotion must not leak into ENG
    exit_rule = next(r.index for r in ENG.rules if r.key == "generic:exit")
    assert exit_rule in matcher.literal_rules
    lines = [f"worker {i} waiting for the child to exit cleanly" for i in range(8_000)]
    lines[4_321] = "Process finished with exit code 3"
    lines[7_000] = "RuntimeError: CUDA error: an illegal memory access was encountered"
    data = ("\n".join(lines) + "\n").encode()
    fast = _hits(data, matcher)
    assert exit_rule in matcher.forced
    assert fast == _hits(data, PLAIN)
    assert any(line == 4_322 and rule == exit_rule for line, rule, _ in fast)



@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(
    ["[rank3]:", "[default1]:", "[1,2]<stderr>:", "3: ", "13: ", "(pid=12, ip=1.2.3.4)", "rank 4", "Rank=7", "rank: 2 (",
     "step 9", " ", "  ", "\t", "\n", "\r", "x", "\x85", "0", ":", "[", "]", "(", ")"]), max_size=60).map("".join))
def test_last_lines_skipping_settled_prefixes_equals_the_plain_walk(text):
    """Skipping lines that start with a settled prefix finds what keying every line finds."""
    from denpex.progress_lines import _last_lines, _rank_key

    expected: dict[str, tuple[int, str]] = {}
    lines = text.split("\n")
    for i in range(len(lines) - 1, -1, -1):
        seg = lines[i].rstrip("\r").rsplit("\r", 1)[-1]
        key = _rank_key(seg)
        if key is not None and key not in expected:
            expected[key] = (i, seg)
    assert list(_last_lines(text).items()) == list(expected.items())
