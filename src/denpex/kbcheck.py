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
from dataclasses import dataclass, field
from pathlib import Path

from .engine import get_engine, scan_sources
from .explain import convert_facts
from .knowledge import KnowledgeBase, LoadedEntry, Sample, load_kb, load_taxonomy
from .literals import prefilter_literals
from .models import InputsReport
from .readers import bytes_source
from .rules import to_hyperscan


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
        for k, v in convert_facts(entry.facts, h.hit.groups).items():
            facts.setdefault(k, v)
    for k, v in sample.facts.items():
        if k not in facts:
            problems.append(f"fact {k!r} not extracted (expected {v!r})")
        elif not _facts_equal(v, facts[k]):
            problems.append(f"fact {k!r} = {facts[k]!r}, expected {v!r}")
    expected_primary = sample.primary or (sample.entry_id if entry.role == "root" else None)
    if expected_primary:
        report = InputsReport()
        src = bytes_source(sample.path.name, sample.body.encode("utf-8"), report)
        d = run([src], report, Options(kb_dir=kb_dir))
        got = d.primary.id if d.primary else "none"
        if got != expected_primary:
            problems.append(f"primary diagnosis is {got!r}, expected {expected_primary!r}")
    return problems


def kb_test(kb_dir: Path | None = None, only: str | None = None) -> CheckResult:
    kb = load_kb(kb_dir)
    res = CheckResult()
    for loaded in kb:
        if only and not loaded.entry.id.startswith(only) and only not in str(loaded.path):
            continue
        for sample in loaded.samples:
            name = sample.path.name
            problems = run_sample(sample, kb_dir)
            if problems:
                res.failed += [f"{name}: {p}" for p in problems]
            else:
                res.passed.append(name)
    return res


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

            db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
            db.compile(expressions=[to_hyperscan(sig.pattern).encode()], flags=[hyperscan.HS_FLAG_MULTILINE])
        except ImportError:
            pass
        except Exception as exc:  # noqa: BLE001
            out.append(f"{where}: signature {sig.id!r} cannot run in linear time (Hyperscan: {exc})")
        if _NESTED_QUANT.search(sig.pattern):
            out.append(f"{where}: signature {sig.id!r} has a nested quantifier (catastrophic backtracking risk)")
        if re.search(r"(?<!\\)\$", sig.pattern.replace("\\\\", "")):
            out.append(f"{where}: signature {sig.id!r} uses '$'; match on text, not on line ends")
    for s in loaded.samples:
        if s.expect == "match" and s.signature not in {x.id for x in e.signatures}:
            out.append(f"{s.path.name}: names unknown signature {s.signature!r}")
        elif s.expect == "match":
            problems = [p for p in run_sample(s) if "did not match" in p]
            out += [f"{s.path.name}: {p}" for p in problems]
    placeholders = set(re.findall(r"\{([a-z_][a-z0-9_]*)", e.message))
    for ph in placeholders - set(e.facts):
        out.append(f"{where}: field message: placeholder {{{ph}}} is not a declared fact")
    return out


def kb_lint(kb_dir: Path | None = None, require_taxonomy: bool = True) -> CheckResult:
    kb = load_kb(kb_dir)
    taxonomy = load_taxonomy()
    res = CheckResult()
    for loaded in kb:
        problems = lint_entry(loaded, kb, taxonomy)
        if problems:
            res.failed += problems
        else:
            res.passed.append(loaded.entry.id)
    if require_taxonomy:
        missing = sorted(set(taxonomy) - set(kb.entries))
        for m in missing:
            res.failed.append(f"taxonomy id {m!r} has no entry")
    seen: dict[str, str] = {}
    for loaded in kb:
        for sig in loaded.entry.signatures:
            if sig.pattern in seen:
                res.failed.append(f"{loaded.entry.id}: signature {sig.id!r} duplicates a pattern of {seen[sig.pattern]}")
            seen[sig.pattern] = f"{loaded.entry.id}:{sig.id}"
            if prefilter_literals(sig.pattern, sig.ignore_case) is None:
                res.notes.append(
                    f"{loaded.entry.id}: signature {sig.id!r} has no distinctive literal (4+ bytes, not a word healthy "
                    "logs print on every line): every scan runs its full regex"
                )
    return res
