"""The diagnosis pipeline: read -> scan -> attribute -> mask -> rank -> explain.

``diagnose()`` is the library entry point the CLI, the web app and the tests use.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import attribution as attr
from . import tracebacks
from .distributed import SUMMARY_ID, analyse_ranks, launcher_statement
from .explain import convert_facts, explain, render_message
from .ingress import mask_hits
from .knowledge import KnowledgeBase, load_kb
from .masking import Masker, NullMasker
from .models import Diagnosis, Finding, InputsReport
from .parallel import Progress, Scanned, raw_scan
from .readers import Source, bytes_source, collect_sources
from .rules import TENTATIVE, Rule, build_rules
from .scanner import (
    LAST_LINE_RULE,
    PROGRESS_RULE,
    Hit,
    HyperscanMatcher,
    PlainMatcher,
    make_matcher,
)
from .unknown import evidence_of, summarise_unknown
from .launcher_blocks import attribute_launcher_blocks
from .spawn_blocks import attribute_spawn_blocks
from .unnamed import GENERIC_NAMESPACES, demote_handled, exception_findings, handled_failures

ROLE_ORDER = {"root": 0, "collateral": 1, "noise": 2}
MISMATCH_ID = "dist.collective-mismatch"
_UNFILLED = re.compile(r"(?<![\w?'\"])\?(?![\w?])")
PROGRESS = Rule(index=PROGRESS_RULE, entry_id=None, sig_id="progress", pattern="", regex=re.compile(""), ignore_case=False)
LAST_LINE = Rule(index=LAST_LINE_RULE, entry_id=None, sig_id="last-line", pattern="", regex=re.compile(""), ignore_case=False)
MAX_EVIDENCE = 5


@dataclass
class Options:
    mask_hosts: bool = False
    mask: bool = True  # False only for trusted local benchmarks that compare raw facts
    engine: str = "auto"  # auto | hyperscan | plain
    jobs: int = 1  # worker processes for large inputs (files and byte ranges of big files)
    progress: bool = False  # progress bar on stderr after the first second
    kb_dir: Path | None = None


@dataclass
class AttributedHit:
    hit: Hit
    rule: Rule
    file_index: int
    at: attr.Attribution
    time_inherited: bool = False


@dataclass
class _Engine:
    kb: KnowledgeBase
    rules: list[Rule]
    matcher: PlainMatcher | HyperscanMatcher


_ENGINES: dict[tuple[str, str], _Engine] = {}


def get_engine(kb_dir: Path | None = None, engine: str = "auto") -> _Engine:
    kb = load_kb(kb_dir, with_samples=False)
    key = (kb.content_hash, engine)
    if key not in _ENGINES:
        rules = build_rules(kb)
        _ENGINES[key] = _Engine(kb, rules, make_matcher(rules, engine, cache_key=kb.content_hash))
    return _ENGINES[key]


_SUMMARY_FIELD = re.compile(r"^\s*(?:exitcode|traceback|error_file|time|host)\s*:")
_SUMMARY_RANK = re.compile(r"^\s*rank\s*: (\d+) \(local_rank: (\d+)\)")
_SUMMARY_HOST = re.compile(r"^\s*host\s*: (\S+)")
_NCCL_RANK = re.compile(r"(?P<host>[A-Za-z][\w.-]*):(?P<pid>\d+):\d+ \[\d+\] NCCL INFO (?:comm 0x[0-9a-fA-F]+ )?rank (?P<rank>\d+) nranks")


def _summary_block_rank(hit: Hit) -> tuple[int | None, str | None]:
    """A field line of torchrun's failure summary ("exitcode  : -11 (pid: N)") belongs to the
    record whose "rank : N (local_rank: M)" and "host : H" lines stand just above it."""
    if not _SUMMARY_FIELD.match(hit.text):
        return None, None
    rank = host = None
    for prev in reversed(hit.before[-6:]):
        if rank is None and (m := _SUMMARY_RANK.match(prev)):
            rank = int(m.group(1))
        if host is None and (m := _SUMMARY_HOST.match(prev)):
            host = m.group(1)
        if prev.strip().startswith("[") and prev.strip().endswith("]:"):
            break  # the start of this record
    return rank, host


def _nccl_ranks(raw: Sequence[Sequence[Scanned]]) -> dict[tuple[str, int], int]:
    """NCCL's "host:pid:tid [dev] NCCL INFO ... rank N nranks M" lines map a process to its rank."""
    out: dict[tuple[str, int], int] = {}
    for scanned in raw:
        for h, _, _ in scanned:
            m = _NCCL_RANK.search(h.text)
            if m:
                out[(m.group("host"), int(m.group("pid")))] = int(m.group("rank"))
    return out


def _process_ranks(raw: Sequence[Sequence[Scanned]]) -> dict[tuple[str | None, int], tuple[int, str | None]]:
    """Which rank each process is, from what the launchers print: NCCL's "host:pid:tid ... rank N
    nranks M", Ray Train's "(ip=A, pid=N) world_rank=R" worker list, and any line that names both its
    process (a Ray "(Actor pid=N, ip=A)" prefix) and its rank. Keyed by (host, pid) and by
    (None, pid); a process seen with two different ranks is left out."""
    votes: dict[tuple[str | None, int], set[tuple[int, str | None]]] = {}
    for (host, pid), rank in _nccl_ranks(raw).items():
        votes.setdefault((host, pid), set()).add((rank, host))
    for scanned in raw:
        for _, at, _ in scanned:
            if at.pid is not None and at.rank is not None:
                votes.setdefault((at.host, at.pid), set()).add((at.rank, at.host))
    out: dict[tuple[str | None, int], tuple[int, str | None]] = {}
    by_pid: dict[int, set[int]] = {}
    for (host, pid), vs in votes.items():
        ranks = {r for r, _ in vs}
        by_pid.setdefault(pid, set()).update(ranks)
        if len(ranks) == 1:
            out[(host, pid)] = (next(iter(ranks)), host or next((h for _, h in vs if h), None))
    for (host, pid), (rank, h) in list(out.items()):
        if len(by_pid[pid]) == 1:
            # one rank for this pid wherever it was seen: a line that names the process without its host
            # ("(Actor pid=N)" on the driver's node) or with a host the other evidence left out
            # ("ray::A.f() (pid=N, ip=H)" against "(Actor pid=N) rank=2") is that rank's
            out[(None, pid)] = (rank, out.get((None, pid), (rank, None))[1] or h)
            out[("*", pid)] = (rank, h)
    for (host, pid) in votes:
        if host is not None and ("*", pid) in out:
            hosts = {k[0] for k in votes if k[1] == pid and k[0] is not None}
            if len(hosts) > 1:
                out.pop(("*", pid), None)  # the same pid on two hosts: two processes
    return out


def _role(rule: Rule, eng: _Engine) -> str | None:
    """A signature's role where it sets one, else its entry's; None for generic patterns."""
    if rule.entry_id is None:
        return None
    return rule.role or eng.kb.entries[rule.entry_id].entry.role


def scan_sources(
    sources: Sequence[Source],
    eng: _Engine,
    jobs: int = 1,
    kb_dir: Path | None = None,
    engine: str = "auto",
    progress: Progress | None = None,
    while_waiting: Callable[[], None] | None = None,
    scanned: Sequence[Sequence[Scanned]] | None = None,
) -> list[AttributedHit]:
    """Scan and attribute: the per-source part (``attribute_hits``) runs beside the scan, in the
    workers when there are several; the fallbacks that look across sources run here. ``scanned``:
    the per-source part already done elsewhere (``parallel.raw_scan`` of each source, in order, with
    each source's ``info`` filled in), e.g. by the tasks of a fleet scan that split one job by file."""
    out: list[AttributedHit] = []
    raw_all = list(scanned) if scanned is not None else raw_scan(sources, eng, jobs, kb_dir, engine, progress, while_waiting)
    proc_ranks = _process_ranks(raw_all)
    raw_all = _task_file_ranks(sources, raw_all)
    for idx, scanned in enumerate(raw_all):
        # (ranks of failure lines: a rank's last-line marker alone is no evidence that it printed the failures -
        # " 360: fc: cast ..." of a numbered layer dump reads like an srun label)
        seen_ranks = {at.rank for hit, at, _ in scanned if at.rank is not None and hit.rule not in (PROGRESS_RULE, LAST_LINE_RULE)}
        only_rank = next(iter(seen_ranks)) if len(seen_ranks) == 1 else None
        for hit, at, inherited in scanned:
            rule = PROGRESS if hit.rule == PROGRESS_RULE else LAST_LINE if hit.rule == LAST_LINE_RULE else eng.rules[hit.rule]
            if at.rank is None:
                srank, shost = _summary_block_rank(hit)
                if srank is None and at.pid is not None:
                    known = proc_ranks.get((at.host, at.pid)) or proc_ranks.get((None, at.pid) if at.host is None else ("*", at.pid))
                    if known is not None:
                        srank, shost = known[0], shost or known[1]
                if srank is None and only_rank is not None and _role(rule, eng) == "root":
                    # one rank prints everything in this input (the others were quiet or are in other
                    # files): an unprefixed root failure here is that rank's, e.g. the exception line
                    # pasted above its "[rank0]:" traceback
                    srank = only_rank
                if srank is not None:
                    at = attr.Attribution(srank, at.local_rank, at.host or shost, at.pid, at.time)
            out.append(AttributedHit(hit, rule, idx, at, inherited))
    attribute_spawn_blocks(out)
    attribute_launcher_blocks(out)
    return _fill_rank_hosts(_real_host_names(sources, out))


def _real_host_names(sources: Sequence[Source], hits: list[AttributedHit]) -> list[AttributedHit]:
    """Hosts taken from folder names (``node0/``, ``worker-3/``) become the real host names the lines
    in those folders print (torchrun's summary "host : gpu-a17", NCCL's "gpu-a17:1234:1234"), when each
    folder's lines name exactly one host and no two folders name the same one (two agents on one
    machine keep their folder names: those are what tell them apart)."""
    path_host = {i: attr.from_path(s.name).host for i, s in enumerate(sources)}
    if not any(path_host.values()):
        return hits
    named: dict[str, set[str]] = {}
    for h in hits:
        folder = path_host.get(h.file_index)
        if not folder:
            continue
        # the line's own host is already in h.at (a line's host wins over its path's in attribution):
        # no second parse of the line
        real = h.at.host if h.at.host != folder else (_summary_block_rank(h.hit)[1] if h.at.rank is not None else None)
        if real and real != folder:
            named.setdefault(folder, set()).add(real)
    mapping = {f: next(iter(rs)) for f, rs in named.items() if len(rs) == 1}
    if not mapping or len(set(mapping.values())) != len(mapping):
        return hits
    for h in hits:
        folder = path_host.get(h.file_index)
        if folder in mapping and h.at.host == folder:
            h.at = attr.Attribution(h.at.rank, h.at.local_rank, mapping[folder], h.at.pid, h.at.time)
    return hits


def _task_file_ranks(sources: Sequence[Source], raw: Sequence[Sequence[Scanned]]) -> list[Sequence[Scanned]]:
    """Ranks (and hosts) from per-task file names such as Slurm's ``%N-%t.out``, for the lines of those
    files that do not name their rank themselves (see ``attribution.task_files``)."""
    hosts = {at.host for scanned in raw for _, at, _ in scanned if at.host}
    named = attr.task_files([s.name for s in sources], hosts)
    if not named:
        return raw
    out = []
    for src, scanned in zip(sources, raw):
        fa = named.get(src.name)
        if fa is None:
            out.append(scanned)
            continue
        out.append([
            (hit, attr.Attribution(at.rank if at.rank is not None else fa.rank, at.local_rank, at.host or fa.host, at.pid, at.time), inh)
            for hit, at, inh in scanned
        ])
    return out


def _fill_rank_hosts(hits: list[AttributedHit]) -> list[AttributedHit]:
    """A rank's lines that name no host get the one host its other lines, or a launcher's exit record
    ("srun: error: vm: tasks 0-2: Terminated", "mpirun noticed that process rank 1 ... on node vm"), name
    for it; a rank seen on two hosts (a restart placed elsewhere) is left alone."""
    seen: dict[int, set[str]] = {}
    for h in hits:
        if h.at.host and h.at.rank is not None:
            seen.setdefault(h.at.rank, set()).add(h.at.host)
        rec = attr.exit_record(h.hit.text) if h.at.rank is None and h.at.host else None
        if rec is not None and rec.host:
            for r in rec.ranks:
                seen.setdefault(r, set()).add(rec.host)
    one = {r: next(iter(hs)) for r, hs in seen.items() if len(hs) == 1}
    for h in hits:
        if h.at.rank is not None and not h.at.host and h.at.rank in one:
            h.at = attr.Attribution(h.at.rank, h.at.local_rank, one[h.at.rank], h.at.pid, h.at.time)
    return hits


def compare_hits(a: AttributedHit, b: AttributedHit) -> int:
    """Order two hits in time where the log allows it, else by position."""
    if a.at.time and b.at.time:
        pair = attr.comparable(a.at.time, b.at.time)
        coarse = not (a.at.time.precise and b.at.time.precise)
        if pair and pair[0] != pair[1] and not (coarse and abs(pair[0] - pair[1]) < 1.0 and a.file_index == b.file_index):
            return -1 if pair[0] < pair[1] else 1
    if a.file_index == b.file_index:
        return (a.hit.line > b.hit.line) - (a.hit.line < b.hit.line)
    return (a.file_index > b.file_index) - (a.file_index < b.file_index)


def _by_stated_time(hs: list[AttributedHit]) -> list[AttributedHit]:
    """Occurrences whose own record states when it happened (a ``time`` fact, e.g. the "time :" field
    of torchrun's failure summary) in that order, ahead of the others: with two summaries in one log
    (two agents, or a restart) the facts come from the failure that happened first, not from the one
    printed first."""
    stated: list[tuple[float, int, AttributedHit]] = []
    for i, h in enumerate(hs):
        raw = h.hit.groups.get("time")
        st = attr.parse_time(raw) if raw else None
        if st is not None and st.kind == "absolute":
            stated.append((st.seconds, i, h))
    if len(stated) < 2:
        return hs
    stated.sort(key=lambda x: (x[0], x[1]))
    first = [h for _, _, h in stated]
    return first + [h for h in hs if all(h is not f for f in first)]


def merge_facts(facts: dict[str, Any], found: dict[str, Any], collect: Sequence[str]) -> None:
    """Add one occurrence's facts: a fact the entry collects gathers every distinct value into a list,
    any other keeps its first value."""
    for k, v in found.items():
        if k in collect:
            bucket = facts.setdefault(k, [])
            if v not in bucket:
                bucket.append(v)
        else:
            facts.setdefault(k, v)


def _build_findings(hits: list[AttributedHit], eng: _Engine, masker: Masker) -> list[Finding]:
    groups: dict[tuple[str, int | None, str | None], list[AttributedHit]] = {}
    for h in hits:
        if h.rule.entry_id is None or tracebacks.is_source_echo(h.hit):
            continue  # (a traceback's quoted source line is code, not a message: its template matches nothing)
        role = _role(h.rule, eng)
        key = (h.rule.entry_id, h.at.rank, h.at.host, role)
        groups.setdefault(key, []).append(h)
    findings: list[Finding] = []
    for (entry_id, rank, host, role), hs in groups.items():
        hs.sort(key=functools.cmp_to_key(compare_hits))
        first = hs[0]
        loaded = eng.kb.entries[entry_id]
        entry = loaded.entry
        facts: dict[str, Any] = {}
        for h in _by_stated_time(hs):  # the first occurrence wins; later ones fill gaps
            merge_facts(facts, convert_facts(entry.facts, h.hit.groups), entry.collect)
            for k, raw in h.hit.context_all:  # collected facts also gather every context value nearby
                if k in entry.collect:
                    v = convert_facts(entry.facts, {k: raw})[k]
                    bucket = facts.setdefault(k, [])
                    if v not in bucket:
                        bucket.append(v)
        # facts hold only masked text (their lines were masked at ingress; masked again here as a
        # second line), so what is computed from them needs no masking: the entry's own words
        # ("tokenizer.pad_token = tokenizer.eos_token") are never mistaken for a secret
        facts = {k: masker.mask_value(v) for k, v in facts.items()}
        ex = explain(loaded, facts, first.rule.sig_id)
        if ex is not None:
            for k, v in ex.derived.items():
                facts.setdefault(k, v)
        # the finding's time: its first line's own stamp; a stamp inherited from a line above (a
        # continuation line matched first) gives way to the first occurrence that carries its own
        stamped = first if not first.time_inherited else next(
            (h for h in hs if h.at.time is not None and not h.time_inherited), first)
        masked_facts = {k: masker.mask_value(v) for k, v in facts.items()}
        evidence = [evidence_of(h, masker) for h in _distinct_lines(hs)[:MAX_EVIDENCE]]
        # fixes computed from this run's facts replace the entry's general list (which may name remedies
        # the facts rule out, e.g. expandable_segments when nothing is reserved-but-unallocated); the
        # general list stays in the encyclopedia entry (denpex explain ID)
        fix = list(ex.fix) if ex and ex.fix else list(entry.fix)
        findings.append(
            Finding(
                id=entry.id,
                title=entry.title,
                role=role,
                severity=entry.severity,
                category=entry.category,
                signature=first.rule.sig_id,
                confidence=first.rule.confidence,
                facts=masked_facts,
                evidence=evidence,
                message=render_message(entry.message or entry.title, facts, fallback=entry.title),
                explanation=ex.text if ex else entry.summary,
                fix=fix,
                verify=entry.verify,
                occurrences=len({(h.file_index, h.hit.line) for h in hs}),
                rank=rank,
                host=masker.host(host),
                time=stamped.at.time.iso() if stamped.at.time else None,
                time_certain=stamped.at.time is not None and not stamped.time_inherited,
                order=(first,),
            )
        )
    return findings


def _finding_stream(f: Finding) -> tuple[str, int]:
    """The process a finding belongs to: its rank, else the file it was read from."""
    return ("rank", f.rank) if f.rank is not None else ("file", f.order[0].file_index if f.order else -1)


def _last_progress_times(hits: Sequence[AttributedHit]) -> dict[int, attr.Stamp]:
    """Each rank's last progress line's own timestamp (inherited stamps are not evidence of progress)."""
    out: dict[int, attr.Stamp] = {}
    for h in hits:
        if h.rule.index == PROGRESS_RULE and h.at.rank is not None and h.at.time is not None and not h.time_inherited:
            out[h.at.rank] = h.at.time
    return out


def _first_root(findings: list[Finding], progress: dict[int, attr.Stamp] | None = None) -> Finding | None:
    """The failure that started the incident: the earliest firm root failure (known entry or an
    exception no entry names) across ranks; within one process a known entry beats an unnamed
    exception (the unnamed one is then a wrapper, a chain link or an earlier handled error).
    Looks past wrapper wordings (e.g. dynamo's TorchRuntimeError) when the root error they wrap is
    printed within the next few lines of the same file, and lets torchrun's Root Cause record
    decide between ranks whose order the log's timestamps do not settle."""
    roots = [f for f in findings if f.role == "root"]
    # tentative wordings (a warning, a bare SIGKILL) give way to a later firm root failure - except
    # to one printed after a notice that the command itself died (a shell's "Killed"): that failure
    # is the next command's (a conversion step killed, then the following step misses its output)
    ended = [f.order[0] for f in roots if f.order and f.order[0].rule.ends_command]
    firm = [
        f for f in roots
        if f.confidence >= TENTATIVE
        and not any(e.file_index == f.order[0].file_index and e.hit.line < f.order[0].hit.line for e in ended)
    ]
    cands = firm or roots
    # a thread's title heading a pasted issue ("# TypeError: 'int' object is not iterable") read only as a class
    # of Python error summarises; the failure the log under it prints is the evidence
    cands = [f for f in cands if not (_is_title(f) and f.category in GENERIC_CATEGORIES)] or cands
    # ... and a title that only names an exception no entry knows says less than a wrapper the body prints
    # (Flower's "# RuntimeError: Simulation crashed." over a RayTaskError(ClientException) traceback)
    if all(_is_title(f) and f.id in tracebacks.ENGINE_IDS for f in cands) and any(
        f.role == "collateral" and not _is_title(f) for f in findings
    ):
        return None
    named = {_finding_stream(f) for f in cands if f.id not in tracebacks.ENGINE_IDS}
    # an unprefixed line of a file in which one rank alone has a named failure is that rank's (its srun task
    # record or prefix named the rank for the entry's line, not for the traceback's generic lines)
    file_ranks: dict[int, set[int | None]] = {}
    for f in cands:
        if f.id not in tracebacks.ENGINE_IDS and f.order:
            file_ranks.setdefault(f.order[0].file_index, set()).add(f.rank)
    one_rank_files = {i for i, ranks in file_ranks.items() if len(ranks) == 1 and None not in ranks}
    cands = [
        f for f in cands
        if f.id not in tracebacks.ENGINE_IDS
        or (_finding_stream(f) not in named and not (f.rank is None and f.order and f.order[0].file_index in one_rank_files))
    ]
    if not cands:
        return None
    first = _innermost(_past_failed_install(cands), roots)
    first = _stopped_first(first, cands, progress or {})
    return _odd_one_out(_root_cause_record(first, cands, findings), findings)


# a package installation that failed (pip's resolver, a wheel build, conda's solver): the script goes on to its next
# command when it does not stop on errors, and a firm failure of that later command ("+ python train.py" ending in a
# shape error) is what ended the run - unless it is an environment or Python reading (the missing package's own
# ImportError, which the failed install explains) or a tool reporting the same install again (docker build's
# "executor failed running [pip install ...]", a web UI's launcher around pip)
_INSTALL_IDS = frozenset({"python.pip-dependency-conflict", "build.wheel-build-failed", "pip.invalid-requirement",
                          "pip.invalid-editable-requirement", "pip.requirements-file-not-found", "env.conda-solve-failed"})
_INSTALL_REPORTERS = frozenset({"docker", "build", "conda", "webui"})  # namespaces with entries outside GENERIC_CATEGORIES


def _past_failed_install(cands: list[Finding]) -> Finding:
    """The first candidate, or the first later failure of another command when the first is a failed install."""
    first = cands[0]
    if first.id not in _INSTALL_IDS or not first.order:
        return first
    at = first.order[0]
    for f in cands[1:]:
        if (f.order and f.order[0].file_index == at.file_index and f.order[0].hit.line > at.hit.line
                and f.category not in GENERIC_CATEGORIES and f.id.split(".", 1)[0] not in _INSTALL_REPORTERS):
            return f
    return first


def _is_title(f: Finding) -> bool:
    """Whether a finding's first line is a markdown heading at the top of its input (an issue's title)."""
    h = f.order[0].hit
    return h.line <= TITLE_LINES and h.text.startswith(("# ", "## "))


TITLE_LINES = 4


# entries about the language and the installed environment (an AttributeError on None, a missing
# module): inside a wrapper with wraps_generic: false, the wrapper's own naming says more
GENERIC_CATEGORIES = frozenset({"python", "environment"})
# id namespaces of entries that read what any program prints (a missing module or file, a failed shell line,
# a failed build step): on the same line an entry of a particular library or tool is the more particular reading
_GENERIC_READINGS = GENERIC_NAMESPACES | {"shell", "build"}


def _innermost(f: Finding, roots: list[Finding]) -> Finding:
    """Past a wrapper wording to the root error it wraps, printed within its next few lines of the
    same file; under a wrapper with wraps_generic: false, a specific wrapper inside it
    (BackendCompilerFailed around Triton's CompilationError) is followed in turn, a few levels at most."""
    for _ in range(4):
        h = f.order[0]
        if not h.rule.wraps:
            return f
        inner = [
            g for g in roots
            if g is not f and g.id not in tracebacks.ENGINE_IDS and _within_wrapper(f, g)
            # another wrapper is no inner error (docker's step summary after pip's) - except under a
            # wrapper that yields only to specific errors, which may well wrap their own
            and (not g.order[0].rule.wraps or not h.rule.wraps_generic)
            and (h.rule.wraps_generic or g.category not in GENERIC_CATEGORIES)
        ]
        if not inner:
            return f
        f = inner[0]
    return f


def _within_wrapper(wrapper: Finding, f: Finding, inclusive: bool = False) -> bool:
    """Whether ``f`` starts in the lines ``wrapper``'s line says its inner error follows in."""
    w, h = wrapper.order[0], f.order[0]
    gap = h.hit.line - w.hit.line
    return bool(w.rule.wraps) and h.file_index == w.file_index and (0 <= gap if inclusive else 0 < gap) and gap <= w.rule.wraps


def _innermost_wrapper(f: Finding, findings: list[Finding]) -> Finding:
    """With collateral findings only, of nested wrappers the one that names what was raised inside
    says most: the ``RayTaskError(AttributeError)`` around or under Ray Tune's trial error, a
    ``Caught KeyError in DataLoader worker`` under a launcher's summary (its ``inner_type`` fact)."""
    if _names_inner(f):
        return f
    named = next(
        (g for g in findings if g is not f and g.role == "collateral" and _names_inner(g) and g.order[0].rule.wraps
         and (_within_wrapper(f, g) or _within_wrapper(g, f))),
        None,
    )
    return named or f


def _wrapper_over_cut_traceback(primary: Finding, findings: list[Finding], kb: KnowledgeBase | None = None) -> Finding:
    """A traceback cut before its exception line (an unnamed exception, no class, no message) says
    less than the wrapper line just above it that names what was raised ("Caught AssertionError in
    DataLoader worker process 0", "RayTaskError(AttributeError)"): the wrapper's entry says where the
    full error is. The wrapper stays collateral. (A wrapper that names no class, "Exception in ASGI
    application", says no more than the cut traceback - unless every frame shown is the server's own, whose
    entry names that framework in its tags: then it says where the exception is, the cut traceback nothing.)"""
    if primary.id not in tracebacks.ENGINE_IDS or primary.facts.get("exception") or not primary.facts.get("cut"):
        return primary
    wrapper = next(
        (f for f in findings if f.role == "collateral" and _within_wrapper(f, primary, inclusive=True)
         and (_names_inner(f) or _own_propagation(primary, f, kb))), None
    )
    return wrapper or primary


def _library_entry_over_unnamed(primary: Finding, findings: list[Finding]) -> Finding:
    """An exception no entry names, raised by a library whose own entry names the line right next to it
    (py4j's "Py4JError: An error occurred while calling o1234.collectToPython" over "Py4JNetworkError: An
    error occurred while trying to connect to the Java server"): that entry, even a collateral one that
    says where the cause is, says more than the bare class."""
    if primary.id not in tracebacks.ENGINE_IDS or not primary.order:
        return primary
    exc = str(primary.facts.get("exception") or "")
    pkg = exc.split(".", 1)[0] if "." in exc else str(primary.facts.get("package") or "")
    if not pkg:
        return primary
    h = primary.order[0]
    return next(
        (f for f in findings
         if f is not primary and f.role in ("root", "collateral") and f.id not in tracebacks.ENGINE_IDS and f.order
         and _entry_package(f) == pkg.lower() and f.order[0].file_index == h.file_index
         and abs(f.order[0].hit.line - h.hit.line) <= LIBRARY_ENTRY_LINES),
        primary,
    )


LIBRARY_ENTRY_LINES = 3


def _own_propagation(cut: Finding, wrapper: Finding, kb: KnowledgeBase | None = None) -> bool:
    """Whether a cut traceback under a wrapper line is only the wrapper's library passing the error on
    (every frame shown is that library's: RLlib's worker set re-raising "The actor died because of an
    error raised in its creation task"; starlette's middleware under uvicorn's "Exception in ASGI
    application", an entry tagged with the frameworks it covers): the wrapper, which says where the inner
    error is, says more."""
    pkg = cut.facts.get("package")
    if cut.facts.get("user_frame") or not isinstance(pkg, str):
        return False
    if pkg == _entry_package(wrapper):
        return True
    entry = kb.get(wrapper.id) if kb is not None else None
    return entry is not None and pkg.lower() in (t.lower() for t in getattr(entry.entry, "tags", None) or ())


def _entry_package(f: Finding) -> str:
    """The package an entry's id names (its namespace: "py4j" of py4j.java-side-connection-lost)."""
    return f.id.split(".", 1)[0]


def _names_inner(f: Finding) -> bool:
    """Whether a wrapper finding names the class of what was raised inside it (its ``inner_type``)."""
    inner = f.facts.get("inner_type")
    return bool(inner) and inner != "unknown"


STOPPED_MARGIN_S = 5.0


def _stopped_first(first: Finding, cands: list[Finding], progress: dict[int, attr.Stamp]) -> Finding:
    """A rank that stopped making progress well before the others and failed later (its own error
    stamped after their timeouts) started it: the others timed out waiting for it. Applies when the
    ranks' last progress lines carry comparable stamps."""
    if first.rank is None or first.rank not in progress:
        return first
    mine = progress[first.rank]
    best = first
    best_gap = 0.0
    for f in cands:
        if f.rank is None or f.rank == first.rank or f.rank not in progress:
            continue
        pair = attr.comparable(progress[f.rank], mine)
        if pair and pair[1] - pair[0] > max(STOPPED_MARGIN_S, best_gap):
            best, best_gap = f, pair[1] - pair[0]
    return best


def _odd_one_out(first: Finding, findings: list[Finding]) -> Finding:
    """With TORCH_DISTRIBUTED_DEBUG=DETAIL every rank reports a collective mismatch, each against
    some other rank; the first message printed says nothing about who is wrong. The rank whose
    collective (op and shape) differs from what the majority runs is the one that diverged."""
    if first.id != MISMATCH_ID:
        return first
    seen: dict[int, tuple[object, object]] = {}
    for f in findings:
        if f.id != MISMATCH_ID:
            continue
        for r_key, op_key, shape_key in (("rank_a", "op", "shape_a"), ("rank_b", "op_b", "shape_b")):
            r = f.facts.get(r_key)
            if isinstance(r, int) and (f.facts.get(op_key) is not None or f.facts.get(shape_key) is not None):
                seen.setdefault(r, (f.facts.get(op_key), f.facts.get(shape_key)))
    if len(seen) < 3:
        return first
    votes = Counter(seen.values())
    usual, n_usual = votes.most_common(1)[0]
    odd = [r for r, fp in seen.items() if fp != usual]
    if len(odd) != 1 or n_usual < 2 or odd[0] == first.rank:
        return first
    rank = odd[0]
    own = next((f for f in findings if f.id == MISMATCH_ID and f.rank == rank), None)
    why = (f"rank {rank} runs {seen[rank][0]} with shape [{seen[rank][1]}] while {n_usual} other ranks run "
           f"{usual[0]} with shape [{usual[1]}]: it is the one that diverged")
    if own is not None:
        own.explanation = why[0].upper() + why[1:] + ". " + own.explanation
        return own
    return dataclasses.replace(first, rank=rank, host=None, explanation=why[0].upper() + why[1:] + ". " + first.explanation)


def _root_cause_record(first: Finding, cands: list[Finding], findings: list[Finding]) -> Finding:
    """torchrun's "Root Cause (first observed failure)" names the rank whose failure its agent saw
    first. Where our pick is on another rank and precise timestamps do not clearly put it earlier,
    the root failure printed by the named rank is the one that started it."""
    summary = next((f for f in findings if f.id == SUMMARY_ID and isinstance(f.facts.get("root_rank"), int)), None)
    if summary is None or first.rank is None:
        return first
    rr = summary.facts["root_rank"]
    if first.rank == rr:
        return first
    other = next((f for f in cands if f.rank == rr), None)
    if other is None:
        return first
    a, b = first.order[0].at.time, other.order[0].at.time
    if a and b and a.precise and b.precise and first.time_certain and other.time_certain:
        pair = attr.comparable(a, b)
        if pair and pair[1] - pair[0] > 2.0:
            return first  # the log's own clocks put ours clearly first
    return other


def _distinct_lines(hs: list[AttributedHit]) -> list[AttributedHit]:
    seen: set[tuple[int, int]] = set()
    out = []
    for h in hs:
        key = (h.file_index, h.hit.line)
        if key not in seen:
            seen.add(key)
            out.append(h)
    return out


# how a process ends, with no reason of its own: std::terminate (a native worker thread still
# running at exit) and SIGABRT (in the process's own output or the launcher's record of it)
TEARDOWN_DEATHS = frozenset({"system.cpp-terminate", "system.abort"})


def _is_hang(f: Finding, kb: KnowledgeBase) -> bool:
    """Whether the finding's entry is tagged a hang (a wait on a peer). Tags are documentation, decoded
    on first use: asked only where an abort follows an unranked collateral finding."""
    loaded = kb.entries.get(f.id)
    return loaded is not None and "hang" in (loaded.entry.tags or ())


def _demote_teardown_deaths(findings: list[Finding], kb: KnowledgeBase) -> None:
    """A rank that already failed in a collective (its gloo/NCCL call timed out or lost its peer:
    collateral, it waited for someone else) and then aborted on the way out died of that wait: its
    `terminate called without an active exception` / SIGABRT is collateral too, so that it does not
    pass for the failure that started the incident while the rank everyone waited for printed nothing."""
    if not any(f.id in TEARDOWN_DEATHS and f.role == "root" for f in findings):
        return
    waited: dict[int | None, AttributedHit] = {}  # rank (None: a line no launcher prefixed) -> its first wait
    for f in findings:
        # (on a line no launcher prefixed, only a wait its entry calls a hang: a launcher's own record of a
        # rank's exit is collateral too, but it reports the death, it does not precede it)
        if f.role == "collateral" and f.order and not launcher_statement(f) and (f.rank is not None or _is_hang(f, kb)):
            first = waited.get(f.rank)
            if first is None or compare_hits(f.order[0], first) < 0:
                waited[f.rank] = f.order[0]
    if not waited:
        return
    for f in findings:
        if f.id not in TEARDOWN_DEATHS or f.role != "root" or not f.order:
            continue
        # a line with no rank prefix (std::terminate writes to stderr past the launcher's prefixing):
        # whichever process it was, ranks had already failed in collectives before it; and in a log without
        # ranks (one process: XLA's rendezvous watchdog, then the abort it called) its own earlier wait
        if f.rank is None:
            before = [w for r, w in waited.items() if r is not None or w.file_index == f.order[0].file_index]
        else:
            before = [waited[f.rank]] if f.rank in waited else []
        if any(compare_hits(w, f.order[0]) < 0 for w in before):
            f.role = "collateral"


def _notice_lines(hits: Sequence[AttributedHit], eng: _Engine) -> dict[tuple[int, int], int]:
    """The lines a specific entry knows as harmless notices (a noise-role wording of an entry outside
    the generic python/environment categories), with the highest specificity that claims each."""
    out: dict[tuple[int, int], int] = {}
    for h in hits:
        r = h.rule
        if r.noise and r.entry_id is not None and eng.kb.entries[r.entry_id].entry.category not in GENERIC_CATEGORIES:
            key = (h.file_index, h.hit.line)
            out[key] = max(out.get(key, -1), r.specificity)
    return out


def _yield_to_specific_notices(findings: list[Finding], notices: dict[tuple[int, int], int]) -> None:
    """A line that a specific entry knows as harmless (chromadb's telemetry "Failed to send telemetry
    event ...: capture() takes 1 positional argument but 3 were given", coremltools' "Failed to load
    _MLModelProxy: No module named ...") is not the generic failure its words also fit (a call
    signature mismatch, a missing module): where every line of a generic-category finding is such a
    notice with a more specific wording, that finding is noise too."""
    if not notices:
        return
    for f in findings:
        if f.role != "noise" and f.category in GENERIC_CATEGORIES and f.order and all(
            notices.get((h.file_index, h.hit.line), -1) > h.rule.specificity for h in f.order
        ):
            f.role = "noise"


def _rank_findings(findings: list[Finding]) -> list[Finding]:
    def cmp(a: Finding, b: Finding) -> int:
        ra, rb = ROLE_ORDER[a.role], ROLE_ORDER[b.role]
        if ra != rb:
            return ra - rb
        c = compare_hits(a.order[0], b.order[0])
        if c:
            return c
        # on the same line, an entry of a particular library or tool is the more particular reading of words a
        # generic python/environment entry also fits ("No module named 'torch_utils.persistence'" unpickling a
        # StyleGAN network, "'Learner' object has no attribute 'fit_one_cycle'"), whatever their literals' lengths
        ga, gb = a.id.split(".", 1)[0] in _GENERIC_READINGS, b.id.split(".", 1)[0] in _GENERIC_READINGS
        if ga != gb and a.role == "root":  # (a launcher's wrapper line keeps its most specific wording)
            return 1 if ga else -1
        sa, sb = a.order[0].rule.specificity, b.order[0].rule.specificity
        if sa != sb:
            return sb - sa
        return (b.confidence > a.confidence) - (b.confidence < a.confidence)

    return sorted(findings, key=functools.cmp_to_key(cmp))


def run(
    sources: Sequence[Source], report: InputsReport, options: Options, scanned: Sequence[Sequence[Scanned]] | None = None,
) -> Diagnosis:
    """The whole pipeline; ``scanned``: the sources' raw scans done elsewhere (see ``scan_sources``)."""
    eng = get_engine(options.kb_dir, options.engine)
    progress = Progress(options.progress)
    masker = Masker(mask_hosts=options.mask_hosts) if options.mask else NullMasker()
    try:
        # while worker processes scan, this one loads the masking detectors it will need after
        hits = scan_sources(sources, eng, options.jobs, options.kb_dir, options.engine, progress, masker.preload, scanned)
    finally:
        progress.stop()
    report.files.extend(s.info for s in sources)
    masker.add_hosts(h.at.host for h in hits if h.at.host)
    mask_hits(hits, masker)  # once, at ingress: nothing below sees a raw line
    findings = _build_findings(hits, eng, masker)
    handled = handled_failures(hits, findings)
    demote_handled(findings, handled)
    ignored: set[tuple[int, int]] = set()  # exceptions Python printed as ignored (a destructor's, at exit)
    superseded: list[Finding] = []  # entry findings an exception's traceback reads better (see exception_findings)
    unnamed = exception_findings(hits, findings, handled, eng, masker, ignored, superseded)
    findings = [f for f in findings if not any(f is s for s in superseded)] + unnamed
    _demote_teardown_deaths(findings, eng.kb)
    notices = _notice_lines(hits, eng)
    _yield_to_specific_notices(findings, notices)
    findings = _rank_findings(findings)
    primary = _first_root(findings, _last_progress_times(hits))
    if primary is None:
        primary = next((f for f in findings if f.role == "collateral"), None)
        if primary is not None:
            primary = _innermost_wrapper(primary, findings)
            primary.suspect = True
    else:
        primary = _library_entry_over_unnamed(_wrapper_over_cut_traceback(primary, findings, eng.kb), findings)
    for info in report.files:
        info.name = masker.mask(info.name)
        info.notes = [masker.mask(n) for n in info.notes]
    for sk in report.skipped:
        sk.path = masker.mask(sk.path)
    ranks, primary, verdict_extra, order_certain = analyse_ranks(findings, hits, primary, masker)
    unknown = None
    if primary is None or primary.id in tracebacks.ENGINE_IDS:
        # a Ctrl-C (KeyboardInterrupt, kept as a noise finding) is not a failure line either
        stopped = {(h.file_index, h.hit.line) for f in _interruptions(findings) for h in f.order}
        # nor a line a specific entry knows as a harmless notice (its words may read like an error)
        unknown = summarise_unknown(hits, masker, handled | stopped | ignored, set(notices))
    verdict = _verdict(primary, findings, unknown, verdict_extra, report)
    return Diagnosis(primary, findings, report, unknown, ranks, verdict, order_certain)


def _interruptions(findings: list[Finding]) -> Iterator[Finding]:
    """The Ctrl-C (KeyboardInterrupt) findings, kept as noise by ``exception_findings``."""
    return (f for f in findings if f.role == "noise" and f.facts.get("exception") == "KeyboardInterrupt")


def _verdict(primary: Finding | None, findings: list[Finding], unknown: Any, extra: str, report: InputsReport) -> str:
    if primary is None:
        if not report.files:
            return "Nothing was read: no input could be read as a text log (see the skipped inputs)."
        if report.empty:
            return (
                "The input is empty: no log lines were read (0 bytes, or only whitespace). The log may have been "
                "lost, not flushed or written elsewhere; this is not a clean run."
            )
        if extra and unknown is not None and not unknown.is_empty():
            return "No known failure class matched the first failure. " + extra
        if unknown is not None and not unknown.is_empty():
            return "No known failure class matched; the likely failure lines are listed below."
        stop = next(_interruptions(findings), None)
        if stop is not None:
            where = stop.facts.get("user_frame") or stop.facts.get("raised_in")
            return ("Nothing failed before the run was interrupted (KeyboardInterrupt: Ctrl-C or SIGINT)"
                    + (f" while in {where}" if where else "") + "; if it had stopped making progress, it was hung there.")
        if unknown is not None and unknown.handled:
            return (
                f"Nothing failed: {len(unknown.handled)} error line(s) were printed but the run went on past them "
                "(handled, retried, or ignored by Python in a destructor; listed below)."
            )
        if findings:
            return "Only benign warnings (noise) found; nothing failed."
        return "No failure found."
    who = ""
    if primary.rank is not None:
        who = f" on rank {primary.rank}" + (f" ({primary.host})" if primary.host else "")
    if primary.role == "root":
        # the run-specific message ("4608 prompt + 512 completion > 4096") says more than the class title
        # an unfilled placeholder renders as a lone "?" ("peer ?"); a real question mark ends a word
        said = primary.message if primary.message and not _UNFILLED.search(primary.message) else primary.title
        base = f"{said.rstrip('.')}{who}."
    else:
        base = f"Only collateral failures were found ({primary.id}{who}); the initiating failure is not in this log."
    return base + (" " + extra if extra else "")


def diagnose(
    inputs: str | bytes | Path | Iterable[str | Path],
    *,
    mask_hosts: bool = False,
    mask: bool = True,
    engine: str = "auto",
    kb_dir: Path | None = None,
    jobs: int = 1,
) -> Diagnosis:
    """Diagnose a log.

    Parameters
    ----------
    inputs:
        Log text (``str`` containing a newline, or ``bytes``), a path, or a list of
        paths (files, folders, .gz/.zst archives).
    mask_hosts:
        Also replace host names with consistent placeholders.

    Returns
    -------
    Diagnosis
        ``primary`` is the failure that started it (or ``None``), ``findings`` every match.

    Example
    -------
    >>> d = diagnose("ValueError: This model's maximum context length is 4096 tokens, however "
    ...              "you requested 5120 tokens (4608 in your prompt; 512 for the completion).\\n")
    >>> d.primary.id
    'vllm.context-length-exceeded'
    """
    report = InputsReport()
    options = Options(mask_hosts=mask_hosts, mask=mask, engine=engine, kb_dir=kb_dir, jobs=jobs)
    if isinstance(inputs, bytes):
        sources = [bytes_source("<text>", inputs, report)]
    elif isinstance(inputs, str) and ("\n" in inputs or len(inputs) > 4096 or not _is_path(inputs)):
        sources = [bytes_source("<text>", inputs.encode("utf-8"), report)]
    elif isinstance(inputs, (str, Path)):
        sources = collect_sources([str(inputs)], report)
    else:
        sources = collect_sources([str(p) for p in inputs], report)
    return run(sources, report, options)


def diagnose_sources(
    sources: Sequence[Source], report: InputsReport, scanned: Sequence[Sequence[Scanned]] | None = None, **kw: Any,
) -> Diagnosis:
    return run(sources, report, Options(**kw), scanned)



def _is_path(text: str) -> bool:
    try:
        return Path(text).exists()
    except (OSError, ValueError):
        return False
