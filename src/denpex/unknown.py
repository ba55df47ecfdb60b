"""The honest fallback: when no entry matches, show what failed and how often.

Python tracebacks are reduced to their final exception lines, fatal lines and
exit codes are listed, and recurring error lines are grouped into templates by
Drain3 so that a long log reads as its few distinct errors.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .masking import Masker
from .models import ErrorTemplate, Evidence, UnknownSummary
from .rules import C10D_GLOG_ERROR, GLOG_FATAL
from .tracebacks import BARE_ERROR, is_exception_line

if TYPE_CHECKING:
    from .engine import AttributedHit

MAX_TEMPLATE_LINES = 50_000
MAX_LISTED = 10
_PREFIX = re.compile(
    r"^(?:\s*\[(?:rank|default)\d+\]: ?|\s*\[\d+,\d+\]<std(?:out|err)>: ?|\s*\d{1,5}: |\s*\([^)]*pid=\d+[^)]*\) ?|\s*\| (?=\S))*"
    r"(?:\s*(?:INFO|WARNING|ERROR|DEBUG|CRITICAL|WARN)\s+\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?\s+(?:\[[^\]]*\]\s*)?)?"
)


def strip_prefix(line: str) -> str:
    """Remove launcher and logger prefixes so the message itself is compared."""
    return _PREFIX.sub("", line, count=1)


def evidence_of(h: AttributedHit, masker: Masker) -> Evidence:
    """A hit as masked evidence: the only way hit text leaves the engine."""
    return Evidence(
        file=masker.mask(h.hit.source),
        line=h.hit.line,
        text=masker.mask(h.hit.text),
        rank=h.at.rank,
        host=masker.host(h.at.host),
        time=h.at.time.iso() if h.at.time else None,
    )


def _miner():  # type: ignore[no-untyped-def]
    from drain3 import TemplateMiner
    from drain3.masking import MaskingInstruction
    from drain3.template_miner_config import TemplateMinerConfig

    logging.getLogger("drain3").setLevel(logging.WARNING)
    cfg = TemplateMinerConfig()
    cfg.profiling_enabled = False
    cfg.masking_instructions = [
        MaskingInstruction(r"<[A-Z]+-\d+>", "MASKED"),
        MaskingInstruction(r"0x[0-9a-fA-F]+", "HEX"),
        MaskingInstruction(r"(?<![\w/])/[\w./-]+", "PATH"),
        MaskingInstruction(r"(?<![A-Za-z])[-+]?\d+(?:\.\d+)?", "NUM"),
    ]
    cfg.drain_sim_th = 0.5
    return TemplateMiner(config=cfg)


_EXIT_VALUE = re.compile(r"(?:[Ee]xit ?[Cc]ode[:=]? ?|exitcode\s*: |exited with (?:code|status) |exit status |failed with (?:exit )?code )(-?\d+)")


def nonzero_exit(text: str) -> bool:
    """An exit line that does not report success ("exit code 0" is not a failure)."""
    m = _EXIT_VALUE.search(text)
    return m is None or m.group(1) != "0"


_WARNING_HEAD = re.compile(r"\b[A-Z]\w*Warning\b|\bWARNING\b|\bwarnings\.warn\(")


def continues_warning(h: AttributedHit) -> bool:
    """An error line that is the second line of a warning ("RuntimeWarning: Failed to read commit
    hash:" then "No module named 'vllm._version'") reports what the warning is about, not a failure."""
    prev = h.hit.before[-1] if h.hit.before else ""
    return bool(prev) and _WARNING_HEAD.search(prev) is not None and prev.rstrip().endswith(":")


def summarise_unknown(
    hits: Sequence[AttributedHit], masker: Masker, handled: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset(),
    benign: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset(),
) -> UnknownSummary:
    """What failed when no entry names it: final exception lines, fatal lines, error lines without
    an exception class, exit codes, and Drain3 templates of the recurring error lines. Lines in
    ``handled`` (printed, then the run went on) are listed apart and do not count as failures;
    lines in ``benign`` (notices an entry knows as harmless, listed among the findings) are left out."""
    summary = UnknownSummary()
    generic = [h for h in hits if h.rule.entry_id is None]
    # final exception line of each traceback: the first unindented exception line after its header
    open_tb: dict[tuple[int, int | None], bool] = {}
    for h in generic:
        key = (h.file_index, h.at.rank)
        kind = h.rule.sig_id
        body = strip_prefix(h.hit.text)
        if (h.file_index, h.hit.line) in benign:
            if kind == "exception":
                open_tb.pop(key, None)
            continue
        if (h.file_index, h.hit.line) in handled:
            if kind in ("exception", "error-line") and len(summary.handled) < MAX_LISTED:
                summary.handled.append(evidence_of(h, masker))
            if kind == "exception":
                open_tb.pop(key, None)  # its traceback ended in a handled exception: not a cut one
            continue
        if kind == "traceback":
            open_tb[key] = True
        elif kind == "exception" and is_exception_line(h):
            if h.hit.groups.get("exc_type") == BARE_ERROR and not open_tb.get(key):
                summary.error_lines.append(evidence_of(h, masker))  # no Python class: an error line
            elif open_tb.pop(key, False) or len(summary.exceptions) < MAX_LISTED:
                summary.exceptions.append(evidence_of(h, masker))
        elif kind in ("fatal", "cpp-exception") or (kind == "glog-error" and GLOG_FATAL.search(h.hit.text)):
            summary.fatal_lines.append(evidence_of(h, masker))
        elif kind == "glog-error" and C10D_GLOG_ERROR.search(h.hit.text):
            summary.error_lines.append(evidence_of(h, masker))
        elif kind == "error-line":
            if not continues_warning(h):
                summary.error_lines.append(evidence_of(h, masker))
        elif kind == "exit" and nonzero_exit(h.hit.text):
            summary.exit_codes.append(evidence_of(h, masker))
    # a traceback cut off before its exception line is still a failure
    for (fi, _rank), still_open in open_tb.items():
        if still_open and not summary.exceptions:
            first_tb = next((h for h in generic if h.file_index == fi and h.rule.sig_id == "traceback"), None)
            if first_tb is not None:
                summary.exceptions.append(evidence_of(first_tb, masker))
    summary.exceptions = _dedupe(summary.exceptions)[-MAX_LISTED:]
    summary.fatal_lines = _dedupe(summary.fatal_lines)[:MAX_LISTED]
    summary.exit_codes = _dedupe(summary.exit_codes)[:MAX_LISTED]
    summary.error_lines = _dedupe(summary.error_lines)[:MAX_LISTED]
    errorish = [
        h for h in generic
        if h.rule.sig_id in ("exception", "error-word", "fatal", "glog-error", "cpp-exception", "error-line")
        and (h.file_index, h.hit.line) not in handled
    ]
    if errorish:
        miner = _miner()
        firsts: dict[int, tuple[AttributedHit, int]] = {}
        seen_lines: set[tuple[int, int]] = set()
        for h in errorish[:MAX_TEMPLATE_LINES]:
            if (h.file_index, h.hit.line) in seen_lines:
                continue
            seen_lines.add((h.file_index, h.hit.line))
            # raw text goes to the miner (memory only); what leaves is masked below
            body = strip_prefix(h.hit.text).strip()
            if not body or body.startswith(("File ", "Traceback")):
                continue
            result = miner.add_log_message(body)
            cid = result["cluster_id"]
            if cid not in firsts:
                firsts[cid] = (h, 0)
            firsts[cid] = (firsts[cid][0], firsts[cid][1] + 1)
        clusters = {c.cluster_id: c for c in miner.drain.clusters}
        ranked = sorted(firsts.items(), key=lambda kv: (-kv[1][1], kv[1][0].hit.line))
        for cid, (h, count) in ranked[:MAX_LISTED]:
            tmpl = clusters[cid].get_template() if cid in clusters else strip_prefix(h.hit.text)
            summary.templates.append(ErrorTemplate(template=masker.mask(tmpl), count=count, first=evidence_of(h, masker)))
    return summary


def _dedupe(items: list[Evidence]) -> list[Evidence]:
    seen: set[str] = set()
    out = []
    for e in items:
        key = strip_prefix(e.text)
        if key in seen:
            continue
        seen.add(key)
        out.append(e)
    return out
