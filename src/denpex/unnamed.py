"""Findings for what no knowledge-base entry names, and the error lines a run went on past.

``exception_findings`` turns each traceback no signature matched into a ``python.unhandled-exception``
(or ``python.library-internal-error``) finding, read by ``denpex.tracebacks``. ``handled_failures``
finds the exception and error lines after which the same process kept making progress and nothing
failed: those are retried or handled errors, listed but not counted as failures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import tracebacks
from .explain import explain, render_message
from .masking import Masker
from .models import Finding
from .progress_lines import PROGRESS_RULE
from .rules import TENTATIVE
from .unknown import evidence_of, nonzero_exit

if TYPE_CHECKING:
    from .engine import AttributedHit, _Engine

MAX_EVIDENCE = 5
# exceptions code raises and catches as a signal, not as an error (see exception_findings)
CONTROL_FLOW = frozenset({"StopIteration", "StopAsyncIteration"})
# exceptions that end or interrupt a program rather than fail it: never the start of a chain's failure
_NOT_A_START = frozenset({"SystemExit", "KeyboardInterrupt", "GeneratorExit"})
# the entries that name every exception of one built-in class, whatever its message says
CLASS_ENTRIES = {
    "NameError": "python.name-error", "UnboundLocalError": "python.name-error", "KeyError": "python.key-error",
    "FileNotFoundError": "python.file-not-found", "IsADirectoryError": "python.file-not-found",
    "NotADirectoryError": "python.file-not-found", "ZeroDivisionError": "python.zero-division",
    "StopIteration": "python.stop-iteration", "RecursionError": "python.recursion-limit",
    "ModuleNotFoundError": "python.missing-module", "AttributeError": "python.attribute-error-object",
    "IndexError": "python.index-out-of-range",
    # (a package's own assert is python.library-internal-error before this table is read)
    "AssertionError": "python.assertion-error-user",
}
# entries that read an exception as the user's own code failing its check: a package's internal error
# when the traceback puts the raise in that package
USER_CODE_ENTRIES = frozenset({"python.assertion-error-user"})
MAX_UNNAMED = 64  # findings for unnamed exceptions per diagnosis (the earliest kinds)


def handled_failures(hits: Sequence[AttributedHit], findings: Sequence[Finding]) -> set[tuple[int, int]]:
    """Exception and error lines (file, line) that the run went on past: the stream kept printing
    progress more than a few lines after them and nothing failed after them in that file. A
    ConnectionRefusedError logged, retried and followed by more training steps is not the failure."""
    progress: dict[tuple[int, int | None], int] = {}
    for h in hits:
        if h.rule.index == PROGRESS_RULE:
            k = tracebacks.stream_of(h)
            progress[k] = max(progress.get(k, -1), h.hit.line)
    if not progress:
        return set()
    events: dict[int, list[tuple[int, str, AttributedHit]]] = {}
    for f in findings:
        if f.role == "noise":
            continue
        for h in f.order:
            # a known error on a line that says it will be retried is recoverable too
            events.setdefault(h.file_index, []).append((h.hit.line, "recoverable" if _RETRY.search(h.hit.text) else "firm", h))
    for h in hits:
        if h.rule.entry_id is not None:
            continue
        kind = h.rule.sig_id
        if kind in ("exception", "error-line", "traceback"):
            events.setdefault(h.file_index, []).append((h.hit.line, "recoverable", h))
        elif kind in ("fatal", "cpp-exception") or (kind == "exit" and nonzero_exit(h.hit.text)):
            events.setdefault(h.file_index, []).append((h.hit.line, "firm", h))
    handled: set[tuple[int, int]] = set()
    for fi, evs in events.items():
        failed_after = False
        # a line that is also a firm failure ("Job entrypoint command failed with exit code -11") is
        # never handled, whatever a job's own output printed after it
        firm_lines = {line for line, kind, _ in evs if kind == "firm"}
        for line, kind, h in sorted(evs, key=lambda e: e[0], reverse=True):
            if kind == "recoverable" and not failed_after and line not in firm_lines and progress.get(tracebacks.stream_of(h), -1) > line + 3:
                handled.add((fi, line))
                continue
            failed_after = True
    return handled


_RETRY = re.compile(r"\b(?:will retry|[Rr]etrying|retry(?:ing)? in \d|[Rr]etry \d+ ?(?:/|of) ?\d+|attempt \d+ ?(?:/|of) ?\d+|retries left)", re.IGNORECASE)


def demote_handled(findings: Sequence[Finding], handled: set[tuple[int, int]]) -> None:
    """A known error the run went on past (every line of it handled: a retried connection error
    followed by more training steps) is not a failure: it becomes noise, listed but not counted."""
    for f in findings:
        if f.role != "noise" and f.order and all((h.file_index, h.hit.line) in handled for h in f.order):
            f.role = "noise"


# what a traceback adds to a named finding on its exception line; the entry's own facts win
TRACEBACK_FACTS = ("exception", "message", "raised_in", "raised_at", "package", "library_code", "user_frame",
                   "wrapped_by", "package_version", "python_version", "torch_version", "search_key", "tracker")


def _add_traceback_facts(
    rec: tracebacks.ExceptionRecord, vers: dict[str, str], named: dict[tuple[int, int], Finding], masker: Masker,
) -> None:
    h = rec.hit
    f = next((named[(h.file_index, k)] for k in range(h.hit.line, h.hit.line + 4) if (h.file_index, k) in named), None)
    if f is None or (f.order[0].at.rank, f.order[0].at.host) != (h.at.rank, h.at.host):
        return
    for k, v in tracebacks.facts_of(rec, vers).items():
        if k in TRACEBACK_FACTS:
            f.facts.setdefault(k, masker.mask_value(v))


# namespaces of the classes any program's error falls in (a missing key, module or file): an entry of a
# particular library is the more particular reading of the same failure
GENERIC_NAMESPACES = frozenset({"python", "env"})


# entries of a process ending by a signal: their bare notices (the shell's "Aborted (core dumped)") follow whatever
# error ended the process
DEATH_NOTICES = frozenset({"system.abort", "system.segfault", "system.core-dumped", "system.bus-error",
                           "system.illegal-instruction", "system.floating-point-exception"})


def exception_findings(
    hits: Sequence[AttributedHit],
    findings: Sequence[Finding],
    handled: set[tuple[int, int]],
    eng: _Engine,
    masker: Masker,
    ignored_out: set[tuple[int, int]] | None = None,
    superseded_out: list[Finding] | None = None,
) -> list[Finding]:
    """Findings for the exceptions no entry names: the end of each traceback (or chain) that no
    signature matched becomes ``python.unhandled-exception`` (``python.library-internal-error`` for
    an assertion or NotImplementedError raised inside a package), with what the traceback tells:
    the raising frame and its package, the user's last frame, versions, a tracker search key."""
    if "python.unhandled-exception" not in eng.kb.entries:
        return []
    records = tracebacks.collect(hits)
    if not records:
        return []
    # lines an entry matched: (line, whether the entry is a consequence of something else). A
    # collateral entry on the lines just after an exception (srun's "task 3: Exited", an MPI_ABORT
    # banner) is the teardown it caused, not the rest of its message
    known: dict[int, list[tuple[int, bool, bool]]] = {}
    first_failure: dict[tuple[int, int | None], int] = {}  # per stream (and per file: rank -1), the first failure line

    def failed_at(h: AttributedHit) -> None:
        if (h.file_index, h.hit.line) not in handled:
            for k in (tracebacks.stream_of(h), (h.file_index, -1)):
                first_failure[k] = min(first_failure.get(k, h.hit.line), h.hit.line)

    for h in hits:
        if h.rule.entry_id is not None:
            role = h.rule.role or eng.kb.entries[h.rule.entry_id].entry.role
            # (and whether it is a bare process-death notice - "Abort trap: 6", "Aborted (core dumped)", a tentative
            # wording of a signal entry: printed right under an exception it is how that exception ended the
            # process, not more of its message)
            known.setdefault(h.file_index, []).append(
                (h.hit.line, role == "collateral", h.rule.confidence < TENTATIVE and h.rule.entry_id in DEATH_NOTICES))
            # (a wrapper that announces the traceback printed after it, "Exception in ASGI application",
            # is not a failure before that traceback)
            if role != "noise" and not h.rule.wraps:
                failed_at(h)
    for r in records:
        if not r.cut and not r.ignored:
            failed_at(r.hit)
    vers = tracebacks.versions(hits, records)
    # the cause a launcher chains to its report only to carry the child's output, e.g. accelerate's
    # "raise CalledProcessError(...) from RuntimeError(stderr)": a bare "RuntimeError" when the child
    # printed nothing (killed), "RuntimeError: Traceback (most recent call last):" with a copy of the
    # child's traceback otherwise. The child's own error (or the wrapper's exit status) is the finding.
    carriers = {
        id(r.cause) for r in records
        if r.cause is not None and r.is_wrapper and not r.cause.has_traceback and not r.cause.message
    } | {id(r) for r in records if r.message.startswith("Traceback (most recent call last)")}
    # the findings an entry made, by their first line: an entry that names an exception (KeyError,
    # FileNotFoundError, CUDA out of memory) also carries what its traceback tells
    # (a launcher's wrapper, collateral, keeps its own facts: the frame that re-raised is not the bug)
    named = {(f.order[0].file_index, f.order[0].hit.line): f for f in findings if f.order and f.role == "root"}
    # a control-flow exception the code was handling when another one was raised ("StopIteration",
    # then "During handling of the above exception, another exception occurred:"): the code expected
    # it (mmcv's runner restarts an exhausted loader); the exception raised while handling it is the failure
    control = {id(r.cause) for r in records
               if r.cause is not None and r.chain_kind == "during" and r.cause.short_type in CONTROL_FLOW}
    for rec in records:
        if id(rec) in control and (f := named.get((rec.hit.file_index, rec.hit.hit.line))) is not None:
            f.role = "noise"
    # a library that catches a low-level error and raises its own while handling it (transformers' tokenizer
    # lookup KeyError, then "Tokenizer class X does not exist"; pytesseract's FileNotFoundError, then
    # TesseractNotFoundError): where an entry of that library names the later exception and only a generic
    # python/env class the earlier one, the earlier is the same failure seen from below, not its start. (With
    # "raise ... from e" the library itself names the earlier one as the cause - fsspec's install hint over the
    # ImportError that says which dependency - and the earlier stays the start.)
    for rec in records:
        c = rec.cause
        if c is None or rec.chain_kind != "during" or id(c) in control:
            continue
        later = named.get((rec.hit.file_index, rec.hit.hit.line))
        earlier = named.get((c.hit.file_index, c.hit.hit.line))
        if (later is not None and earlier is not None and later is not earlier and earlier.role == "root"
                and earlier.id.split(".", 1)[0] in GENERIC_NAMESPACES and later.id.split(".", 1)[0] not in GENERIC_NAMESPACES):
            earlier.role = "collateral"
    # the reverse: an exception no entry names (cmdstanpy's "CmdStanInstallError: Command "make build" failed"), then,
    # while it was being handled, the program exiting (SystemExit) and a generic python/env class raised while that
    # exit was handled (IPython's own AssertionError): the first exception of the chain is the failure, the later
    # generic one only how the teardown broke on it. (Without an exit in between, a library that re-raises a low-level
    # error as its own - rasterio's CPLE_OpenFailedError, then RasterioIOError "No such file or directory" - keeps
    # the later, named reading.)
    for rec in records:
        if rec.cause is None or rec.chain_kind != "during":
            continue
        later = named.get((rec.hit.file_index, rec.hit.hit.line))
        if later is None or later.role != "root" or later.id.split(".", 1)[0] not in GENERIC_NAMESPACES:
            continue
        first, exiting = rec.cause, False
        while first.cause is not None and first.chain_kind == "during":
            exiting = exiting or first.short_type in _NOT_A_START
            first = first.cause
        if not exiting:
            continue
        if (id(first) in control or first.short_type in CONTROL_FLOW or first.short_type in _NOT_A_START
                or first.ignored or (first.hit.file_index, first.hit.hit.line) in handled
                or any(0 <= line - first.hit.hit.line < 4 for line, _, _ in known.get(first.hit.file_index, ()))):
            continue
        later.role = "collateral"
    # an exception Python printed as ignored ("Exception ignored in: <function Llama.__del__ ...>", a
    # destructor of an object whose construction failed, a loader torn down at exit) did not stop the
    # program: an entry's root finding on it is a consequence, never the start of the incident
    # (the same error quoted in prose above the log counts as that ignored exception; another line
    # that is no exception record does not count)
    rec_lines = {(r.hit.file_index, r.hit.hit.line): r.ignored for r in records}
    if ignored_out is not None:
        ignored_out.update(k for k, v in rec_lines.items() if v)
    quoted = [f"{r.short_type}: {r.message}" for r in records if r.ignored and r.message]

    def was_ignored(h: AttributedHit) -> bool | None:
        k = (h.file_index, h.hit.line)
        if k in rec_lines:
            return rec_lines[k]
        return True if any(q in h.hit.text for q in quoted) else None

    demote = []
    for f in findings:
        seen = [v for h in f.order if (v := was_ignored(h)) is not None]
        if f.role == "root" and seen and all(seen):
            demote.append(f)
    if demote:
        # after another failure it is a consequence of it; alone (a loader torn down at the end of a
        # finished run) nothing failed
        other = any(f.role == "root" and f not in demote for f in findings) or any(not r.ignored for r in records)
        for f in demote:
            f.role = "collateral" if other else "noise"
    groups: dict[tuple[Any, ...], list[tuple[tracebacks.ExceptionRecord, dict[str, Any]]]] = {}
    for rec in records:
        h = rec.hit
        line = h.hit.line
        if (h.file_index, line) in handled or id(rec) in control or rec.ignored:
            continue
        # an entry matched this exception (its line or the next lines of a multi-line message)
        if any(k == line or (line < k <= line + 3 and not coll and not death) for k, coll, death in known.get(h.file_index, ())):
            f = named.get((h.file_index, line))
            if not (rec.is_internal and f is not None and f.id in USER_CODE_ENTRIES and superseded_out is not None):
                _add_traceback_facts(rec, vers, named, masker)
                continue
            # an entry for the user's own check (a bare assert) whose assert is a package's own code, in a
            # checkout of that package the entry's frame pattern could not tell from the user's: that
            # package's internal error, reported as such below
            superseded_out.append(f)
        # (a rank's own stream only counts its own earlier failures; unattributed lines - a launcher's
        # output after its ranks failed - count any earlier failure in the file)
        ff_key = (h.file_index, -1) if h.at.rank is None else tracebacks.stream_of(h)
        if rec.cut and not rec.exc_type and first_failure.get(ff_key, line) < line:
            # a traceback cut before its exception line, with no class named, after a failure the same
            # process already showed: the same error travelling up another stack (axolotl's CLI re-raising
            # accelerate's CalledProcessError), not a new one; alone it is still reported
            continue
        if rec.exc_type == tracebacks.BARE_ERROR and not rec.has_traceback and rec.cause is None:
            continue  # an error line (listed as such by unknown.summarise_unknown), not an exception in the user's code
        handling_control = rec.cause is not None and id(rec.cause) in control
        if rec.wraps is not None or (rec.cause is not None and not handling_control) or rec.is_wrapper or id(rec) in carriers:
            continue  # a wrapper (its inner error is printed, or is in a child's log), or the later link of a chain
        eid = "python.library-internal-error" if rec.is_internal else "python.unhandled-exception"
        if (rec.cut or (rec.has_traceback and not rec.message.strip())) and not rec.is_internal:
            # the class is all the log shows (a notebook's "NameError   Traceback (most recent call
            # last)" header, a bare "KeyError" ending its traceback, a cut paste): the entry for that
            # class names it (a class named with no traceback, "- **Exception Type:** AttributeError" in a
            # report, is not that exception: the report's own entry answers)
            eid = CLASS_ENTRIES.get(rec.short_type, eid)
        if eid not in eng.kb.entries:
            eid = "python.unhandled-exception"
        facts = tracebacks.facts_of(rec, vers)
        if eid not in tracebacks.ENGINE_IDS and (fr := rec.raising) is not None:
            # a class entry read from the traceback (no signature of its own matched): its explainer reads the
            # raising frame the way its signatures' contexts would have extracted it
            facts.update({"frame_file": fr.path, "frame_line": fr.line, "frame_func": fr.func})
            facts = {k: v for k, v in facts.items() if v is not None}
        # one finding per exception *kind* on a process: messages that differ only in numbers, paths or
        # addresses ("sample 17 failed", "sample 18 failed") are the same failure repeated
        key = (eid, h.at.rank, h.at.host, rec.exc_type, tracebacks.search_key(rec))
        groups.setdefault(key, []).append((rec, facts))
    out: list[Finding] = []
    # bounded: a log that prints thousands of distinct exceptions keeps the earliest kinds
    for (eid, rank, host, _, _), recs in list(groups.items())[:MAX_UNNAMED]:
        rec, facts = recs[0]
        facts = {k: masker.mask_value(v) for k, v in facts.items()}  # see engine._build_findings: output needs no masking then
        loaded = eng.kb.entries[eid]
        entry = loaded.entry
        ex = explain(loaded, facts)
        if ex is not None:
            for k, v in ex.derived.items():
                facts.setdefault(k, v)
        if rec.is_weak or (not rec.has_traceback and rec.short_type in ("Error", "Exception")):
            confidence = 0.5  # a teardown, an interruption, a bare "Error:" line
        elif rec.cut:
            confidence = 0.6  # the exception line itself is missing
        elif rec.has_traceback:
            confidence = 0.8
        else:
            confidence = 0.6  # an exception line without its traceback: perhaps only logged
        fix = list(ex.fix) if ex and ex.fix else []
        fix += [f for f in entry.fix[:1] if f not in fix]  # the general first step, after the computed ones
        first = rec.hit
        out.append(
            Finding(
                id=entry.id,
                title=entry.title,
                # Ctrl-C: the person running it stopped the process; where it stopped is kept, as noise
                role="noise" if rec.short_type == "KeyboardInterrupt" else entry.role,
                severity=entry.severity,
                category=entry.category,
                signature="traceback" if rec.has_traceback else "exception-line",
                confidence=confidence,
                facts={k: masker.mask_value(v) for k, v in facts.items()},
                evidence=[evidence_of(r.hit, masker) for r, _ in recs[:MAX_EVIDENCE]],
                message=render_message(entry.message or entry.title, facts, fallback=entry.title),
                explanation=ex.text if ex else entry.summary,
                fix=fix,
                verify=entry.verify,
                occurrences=len(recs),
                rank=rank,
                host=masker.host(host),
                time=first.at.time.iso() if first.at.time else None,
                time_certain=first.at.time is not None and not first.time_inherited,
                order=(first,),
            )
        )
    return out
