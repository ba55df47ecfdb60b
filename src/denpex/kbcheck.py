"""``denpex kb test`` and ``denpex kb lint``: the knowledge base checks itself.

kb test runs every co-located sample log through the real engine: a ``match``
sample must produce the entry (with the named signature and the expected
facts), a ``no-match`` sample must not. kb lint checks the entries as data:
taxonomy coverage, related links both ways, samples for every signature,
keywords present in positive samples, patterns the scan engine can run in
linear time.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine import get_engine, merge_facts, scan_sources
from .explain import convert_facts, explain
from .knowledge import KnowledgeBase, LoadedEntry, Sample, is_bundled, load_kb, load_taxonomy
from .literals import prefilter_literals
from .models import InputsReport
from .readers import bytes_source
from .rules import Rule, build_rules, to_hyperscan


@dataclass
class CheckResult:
    passed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # worth knowing, not a failure

    @property
    def ok(self) -> bool:
        return not self.failed


def _facts_equal(expected: object, got: object) -> bool:
    if isinstance(expected, float) or isinstance(got, float):
        try:
            return abs(float(expected) - float(got)) <= 1e-6 * max(1.0, abs(float(expected)))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False
    return expected == got or str(expected) == str(got)


def run_sample(sample: Sample, kb_dir: Path | None = None) -> list[str]:
    """Problems with one sample (empty list = pass)."""
    from .engine import Options, run

    eng = get_engine(kb_dir)
    entry = eng.kb.entries[sample.entry_id].entry
    if entry.engine:
        return _run_engine_sample(sample, entry, kb_dir)
    report = InputsReport()
    src = bytes_source(sample.path.name, sample.body.encode("utf-8"), report)
    hits = [h for h in scan_sources([src], eng) if h.rule.entry_id == sample.entry_id]
    problems: list[str] = []
    if sample.expect == "no-match":
        if hits:
            h = hits[0]
            problems.append(f"near-miss matched signature {h.rule.sig_id!r} at line {h.hit.line}: {h.hit.text[:160]}")
        return problems
    sig_hits = [h for h in hits if h.rule.sig_id == sample.signature]
    if sample.signature not in {s.id for s in entry.signatures}:
        return [f"names unknown signature {sample.signature!r}"]
    if not sig_hits:
        other = f" (other signatures matched: {sorted({h.rule.sig_id for h in hits})})" if hits else ""
        return [f"signature {sample.signature!r} did not match{other}"]
    facts: dict[str, object] = {}
    for h in sig_hits:
        merge_facts(facts, convert_facts(entry.facts, h.hit.groups), entry.collect)  # as the engine gathers them
    for k, v in sample.facts.items():
        got = facts.get(k)
        if isinstance(got, list) and not isinstance(v, list) and got:
            facts[k] = got[0]  # a collected fact asserted as one value: its first occurrence
        if k not in facts:
            problems.append(f"fact {k!r} not extracted (expected {v!r})")
        elif not _facts_equal(v, facts[k]):
            problems.append(f"fact {k!r} = {facts[k]!r}, expected {v!r}")
    derived_expected = getattr(sample, "derived", None)  # (a sample cached before the field existed has none)
    if derived_expected:
        ex = explain(eng.kb.entries[sample.entry_id], facts, sample.signature)
        derived = ex.derived if ex is not None else {}
        for k, v in derived_expected.items():
            if k not in derived:
                problems.append(f"derived fact {k!r} not computed (expected {v!r}; the explain function gave {sorted(derived)})")
            elif not _facts_equal(v, derived[k]):
                problems.append(f"derived fact {k!r} = {derived[k]!r}, expected {v!r}")
    expected_primary = sample.primary or (sample.entry_id if entry.role == "root" else None)
    if expected_primary:
        report = InputsReport()
        src = bytes_source(sample.path.name, sample.body.encode("utf-8"), report)
        d = run([src], report, Options(kb_dir=kb_dir))
        got = d.primary.id if d.primary else "none"
        if got != expected_primary:
            problems.append(f"primary diagnosis is {got!r}, expected {expected_primary!r}")
    return problems


ENGINE_SIGNATURES = {"exceptions": ("traceback", "exception-line")}  # what a finding's `signature` says


def _run_engine_sample(sample: Sample, entry: object, kb_dir: Path | None) -> list[str]:
    """A sample of an entry whose findings the engine makes (no signatures): the whole diagnosis
    must (or must not) hold a finding of that entry, with the named kind and the expected facts."""
    from .engine import Options, run

    report = InputsReport()
    src = bytes_source(sample.path.name, sample.body.encode("utf-8"), report)
    d = run([src], report, Options(kb_dir=kb_dir))
    mine = [f for f in d.findings if f.id == sample.entry_id]
    if sample.expect == "no-match":
        return [f"near-miss gave a {sample.entry_id} finding: {mine[0].evidence[0].text[:160]}"] if mine else []
    kinds = ENGINE_SIGNATURES.get(getattr(entry, "engine", ""), ())
    if sample.signature not in kinds:
        return [f"names unknown signature {sample.signature!r} (the engine's kinds are {list(kinds)})"]
    hit = [f for f in mine if f.signature == sample.signature]
    if not hit:
        return [f"no {sample.entry_id} finding of kind {sample.signature!r} (got {[f.id for f in d.findings]})"]
    problems = []
    for k, v in sample.facts.items():
        if k not in hit[0].facts:
            problems.append(f"fact {k!r} not extracted (expected {v!r})")
        elif not _facts_equal(v, hit[0].facts[k]):
            problems.append(f"fact {k!r} = {hit[0].facts[k]!r}, expected {v!r}")
    expected_primary = sample.primary or sample.entry_id
    got = d.primary.id if d.primary else "none"
    if got != expected_primary:
        problems.append(f"primary diagnosis is {got!r}, expected {expected_primary!r}")
    return problems


def _selected(loaded: LoadedEntry, only: tuple[str, ...]) -> bool:
    """An entry named by ``--only``: its id starts with one of them, or one names its own folder."""
    return not only or any(loaded.entry.id.startswith(o) or o.rstrip("/").rsplit("/", 1)[-1] == loaded.path.parent.name for o in only)


def kb_test(kb_dir: Path | None = None, only: str | Sequence[str] | None = None) -> CheckResult:
    """Run the sample logs of every entry (or of those ``only`` names: id prefixes or folder names)."""
    only = (only,) if isinstance(only, str) else tuple(only or ())
    kb = load_kb(kb_dir)
    res = CheckResult()
    res.failed += [p for p in kb.problems if not only or any(o in p for o in only)]  # stray or malformed sample files
    for loaded in kb:
        if not _selected(loaded, only):
            continue
        for sample in loaded.samples:
            name = sample.path.name
            problems = run_sample(sample, kb_dir)
            if problems:
                res.failed += [f"{name}: {p}" for p in problems]
            else:
                res.passed.append(name)
    return res


# seconds one signature may take to compile alone in Hyperscan (the slowest today take ~0.5 s on a loaded machine)
HS_COMPILE_LIMIT_S = 5.0

# a group whose whole body is one repeated atom, itself repeated: (a+)+, ([0-9]+)*, (?:\d*)+
_NESTED_QUANT = re.compile(r"\((?:\?:|\?P<\w+>)?(?:\\.|\[[^\]]*\]|[^()\\])[+*]\)[+*{]")


def lint_entry(loaded: LoadedEntry, kb: KnowledgeBase, taxonomy: dict[str, dict[str, str]]) -> list[str]:
    e = loaded.entry
    where = str(loaded.path.name)
    out: list[str] = []
    tax = taxonomy.get(e.id)
    if tax is not None and tax.get("role") != e.role:
        out.append(f"{where}: field role: {e.role!r} but the taxonomy says {tax.get('role')!r}")
    for rid in e.related:
        other = kb.get(rid)
        if other is None:
            out.append(f"{where}: field related: dangling id {rid!r}")
        elif e.id not in other.entry.related:
            out.append(f"{where}: field related: {rid!r} does not link back to {e.id!r}")
    if e.id in e.related:
        out.append(f"{where}: field related: an entry cannot relate to itself")
    positives = [s for s in loaded.samples if s.expect == "match"]
    negatives = [s for s in loaded.samples if s.expect == "no-match"]
    if not negatives:
        out.append(f"{where}: no negative (no-match) sample log")
    for sig in e.signatures:
        mine = [s for s in positives if s.signature == sig.id]
        if not mine:
            out.append(f"{where}: signature {sig.id!r} has no positive sample log")
        for kw in sig.keywords:
            for s in mine:
                hay = s.body if not sig.ignore_case else s.body.lower()
                if (kw.lower() if sig.ignore_case else kw) not in hay:
                    out.append(f"{where}: signature {sig.id!r} keyword {kw!r} missing from sample {s.path.name}")
        try:
            import hyperscan

            from .matchers import regex_flags

            db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
            started = time.perf_counter()
            db.compile(expressions=[to_hyperscan(sig.pattern).encode()], flags=[regex_flags(hyperscan, sig.pattern, sig.ignore_case)])
            took = time.perf_counter() - started
            if took > HS_COMPILE_LIMIT_S:
                # one such pattern made the full-regex database take minutes to build (a {1,400} repeat
                # of a negated class next to non-ASCII quotes, compiled in UTF-8 mode: 84 s alone)
                out.append(f"{where}: signature {sig.id!r} takes {took:.1f} s to compile in Hyperscan (limit "
                           f"{HS_COMPILE_LIMIT_S:g} s): a long bounded repeat of a negated class, often beside non-ASCII "
                           "characters; use an unbounded + or a shorter bound")
        except ImportError:
            pass
        except Exception as exc:  # noqa: BLE001
            out.append(f"{where}: signature {sig.id!r} cannot run in linear time (Hyperscan: {exc})")
        if _NESTED_QUANT.search(sig.pattern):
            out.append(f"{where}: signature {sig.id!r} has a nested quantifier (catastrophic backtracking risk)")
        # a '$' inside a character class ("[^$\\n]") is a literal dollar, not a line end
        if re.search(r"(?<!\\)\$", re.sub(r"\[(?:\\.|[^\]\\])+\]", "", sig.pattern.replace("\\\\", ""))):
            out.append(f"{where}: signature {sig.id!r} uses '$'; match on text, not on line ends")
        if re.search(r"(?<!\\)(?:\\\\)*\\[AZz]", sig.pattern):
            out.append(f"{where}: signature {sig.id!r} uses a string anchor (\\A, \\Z); match on text, not on ends")
        if re.search(r"[\x00-\x08\x0a-\x1f]", sig.pattern):
            out.append(f"{where}: signature {sig.id!r} holds a raw control character; write it as an escape (\\n)")
    for s in loaded.samples:
        if e.engine:
            out += [f"{s.path.name}: {p}" for p in run_sample(s)]
        elif s.expect == "match" and s.signature not in {x.id for x in e.signatures}:
            out.append(f"{s.path.name}: names unknown signature {s.signature!r}")
        elif s.expect == "match":
            problems = [p for p in run_sample(s) if "did not match" in p]
            out += [f"{s.path.name}: {p}" for p in problems]
    placeholders = set(re.findall(r"\{([a-z_][a-z0-9_]*)", e.message))
    for ph in placeholders - set(e.facts):
        out.append(f"{where}: field message: placeholder {{{ph}}} is not a declared fact")
    return out


def kb_lint(kb_dir: Path | None = None, require_taxonomy: bool = True, timing: bool = True) -> CheckResult:
    kb = load_kb(kb_dir)
    taxonomy = load_taxonomy()
    res = CheckResult()
    res.failed += kb.problems
    for loaded in kb:  # explain modules are imported on first use: lint imports every one now
        if loaded.explain is not None:
            try:
                loaded.explain.load()
            except Exception as exc:  # noqa: BLE001 - a syntax error, an import error, no explain()
                res.failed.append(f"{loaded.path.with_suffix('.py').name}: {type(exc).__name__}: {exc}")
    bundled_systems = {x.entry.id.split(".", 1)[0] for x in kb if is_bundled(x)}
    for loaded in kb:
        problems = lint_entry(loaded, kb, taxonomy)
        if not is_bundled(loaded) and loaded.entry.id.split(".", 1)[0] in bundled_systems:
            problems.append(
                f"{loaded.path.name}: field id: {loaded.entry.id!r} is a team entry in a namespace Denpex ships "
                f"({loaded.entry.id.split('.', 1)[0]}.*); give team entries a prefix of their own (e.g. 'acme.')"
            )
        if problems:
            res.failed += problems
        else:
            res.passed.append(loaded.entry.id)
    if require_taxonomy:
        missing = sorted(set(taxonomy) - set(kb.entries))
        for m in missing:
            res.failed.append(f"taxonomy id {m!r} has no entry")
    # a duplicate is the same line pattern counting in the same places: one bare `^AssertionError`
    # under an entry's own `assert` source line (required context) and another under a different one
    # are two signatures, not one written twice
    seen: dict[tuple[Any, ...], str] = {}
    for loaded in kb:
        for sig in loaded.entry.signatures:
            where = tuple((c.pattern, c.before, c.after, c.required, c.veto) for c in sig.context if c.required or c.veto)
            key = (sig.pattern, sig.exclude, where)
            if key in seen:
                res.failed.append(f"{loaded.entry.id}: signature {sig.id!r} duplicates a pattern of {seen[key]}")
            seen[key] = f"{loaded.entry.id}:{sig.id}"
            if prefilter_literals(sig.pattern, sig.ignore_case) is None:
                res.notes.append(
                    f"{loaded.entry.id}: signature {sig.id!r} has no distinctive literal (4+ bytes, not a word healthy "
                    "logs print on every line): every scan runs its full regex"
                )
    res.failed += _hyperscan_problems(kb)
    if timing:
        failed, notes, _ = lint_timing(kb)
        res.failed += failed
        res.notes += notes
    return res


def _hyperscan_problems(kb: KnowledgeBase) -> list[str]:
    """Patterns Hyperscan cannot compile even in prefilter mode: the scanner would silently never
    find them (a ``\\u`` escape, a lookaround outside any literal), so they are lint failures."""
    try:
        import hyperscan  # noqa: F401
    except ImportError:
        return []
    from .matchers import HyperscanMatcher

    broken = HyperscanMatcher(build_rules(kb), cache_key=None).broken
    return [f"{key}: Hyperscan cannot compile this pattern (not even in prefilter mode): the scanner never finds it" for key in broken]


# --- adversarial timing: verification must stay linear in the line length (issue 11)

TIMING_SIZES = (8 * 1024, 64 * 1024)  # characters; 8x longer
MAX_GROWTH = 24.0  # time ratio for 8x the input: linear is ~8, quadratic ~64
NOISE_FLOOR_S = 0.002  # below this at the larger size, growth is not measurable here
MAX_SECONDS_PER_MB = 1.0  # absolute bound at the larger size, scaled to one MB (1 MB/s at worst)
RETRIES = 4  # further measurements of a pattern that looked slow


@dataclass
class Timing:
    key: str
    engine: str  # "re2" or "re (bounded)"
    worst_input: str
    seconds: tuple[float, float]  # at TIMING_SIZES, the worst input
    growth: float

    @property
    def seconds_per_mb(self) -> float:
        return self.seconds[1] * (1 << 20) / TIMING_SIZES[1]


def _time(search: Callable[[str], object], text: str, runs: int = 1) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        search(text)
        best = min(best, time.perf_counter() - t)
    return best


def time_pattern(key: str, pattern: str, flags: int, search: Callable[[str], object], engine: str) -> Timing:
    """The worst growth of ``search`` over the pattern's adversarial inputs from 8 K to 64 K chars."""
    from .linear import adversarial_inputs

    small = dict(adversarial_inputs(pattern, flags, TIMING_SIZES[0]))
    large = dict(adversarial_inputs(pattern, flags, TIMING_SIZES[1]))
    worst = Timing(key, engine, "", (0.0, 0.0), 0.0)
    for name, text in large.items():
        t_large = _time(search, text)
        if t_large < NOISE_FLOOR_S and t_large * (1 << 20) / TIMING_SIZES[1] < MAX_SECONDS_PER_MB:
            if t_large > worst.seconds[1] and worst.growth == 0.0:
                worst = Timing(key, engine, name, (0.0, t_large), 0.0)
            continue
        # worth a careful look: best of three at both sizes (the machine is shared)
        t_large = _time(search, text, 3)
        t_small = max(_time(search, small[name], 3), 1e-6)
        growth = t_large / t_small
        if growth > worst.growth or (t_large > worst.seconds[1] and growth >= worst.growth):
            worst = Timing(key, engine, name, (t_small, t_large), growth)
    return worst


def timing_problem(t: Timing) -> str | None:
    # RE2 runs in time linear in the input by construction: a growth figure there is the shared
    # machine's noise (the absolute bound below still applies); growth is what exposes Python re's
    # backtracking in the few patterns RE2 cannot express
    if t.engine != "re2" and t.seconds[1] >= NOISE_FLOOR_S and t.growth > MAX_GROWTH:
        return (
            f"{t.key}: verification time grows super-linearly on adversarial input ({t.worst_input!r}: "
            f"{t.seconds[0] * 1000:.1f} ms at {TIMING_SIZES[0]} chars, {t.seconds[1] * 1000:.1f} ms at "
            f"{TIMING_SIZES[1]}, x{t.growth:.0f} for x{TIMING_SIZES[1] // TIMING_SIZES[0]} input; {t.engine})"
        )
    if t.seconds_per_mb > MAX_SECONDS_PER_MB:
        return (
            f"{t.key}: verification takes {t.seconds_per_mb:.2f} s per MB of adversarial input "
            f"({t.worst_input!r}, {t.engine}; at most {MAX_SECONDS_PER_MB:g} s allowed)"
        )
    return None


def _verified_patterns(rules: list[Rule]) -> list[tuple[str, object]]:
    """Every regex verification runs on untrusted lines: signatures, their context and exclude
    patterns, and the generic patterns."""
    out: list[tuple[str, object]] = []
    for r in rules:
        out.append((r.key, r.regex))
        for i, c in enumerate(r.context):
            out.append((f"{r.key} context {i}", c.regex))
        if r.exclude is not None:
            out.append((f"{r.key} exclude", r.exclude))
    return out


def lint_timing(kb: KnowledgeBase) -> tuple[list[str], list[str], list[Timing]]:
    """(failures, notes, timings): every verified pattern timed on adversarial inputs built from its
    own literals; patterns RE2 cannot express are listed in the notes."""
    from .linear import FALLBACK_CHARS

    failed: list[str] = []
    notes: list[str] = []
    timings: list[Timing] = []
    for key, rx in _verified_patterns(build_rules(kb)):
        lin = rx.verifier()  # type: ignore[attr-defined]
        engine = "re2" if rx.linear else "re (bounded)"  # type: ignore[attr-defined]
        if not rx.linear and " context " not in key and not key.endswith(" exclude"):  # type: ignore[attr-defined]
            # a signature's own pattern is verified on every line that holds its literal: it must run in RE2
            failed.append(f"{key}: RE2 cannot express this signature pattern ({lin.reason}); context and exclude "
                          "patterns may fall back to Python re, a signature's own pattern may not")
        elif not rx.linear:  # type: ignore[attr-defined]
            notes.append(
                f"{key}: RE2 cannot express this pattern ({lin.reason}); it is verified with Python re on the "
                f"first {FALLBACK_CHARS} characters of a line only"
            )
        t = time_pattern(key, rx.pattern, rx.flags, lin.search, engine)  # type: ignore[attr-defined]
        problem = timing_problem(t)
        for _ in range(RETRIES):
            # a shared machine preempts: a slow figure counts only if it is slow every time, with
            # pauses between the tries (a time only grows when disturbed, so the best try is kept)
            if problem is None:
                break
            time.sleep(0.05)
            again = time_pattern(key, rx.pattern, rx.flags, lin.search, engine)  # type: ignore[attr-defined]
            if (again.growth, again.seconds[1]) < (t.growth, t.seconds[1]):
                t = again
            problem = timing_problem(t) and timing_problem(again)
        timings.append(t)
        if problem:
            failed.append(problem)
    return failed, notes, timings
