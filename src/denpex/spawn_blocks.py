"""The child traceback torch.multiprocessing.spawn prints for a failed process belongs to that process.

mp.spawn (and launchers built on it: detectron2's ``launch``, fairseq, YOLOX) leaves every process's
output unprefixed in one console. When a child raises, the parent re-raises with
``-- Process N terminated with the following error:`` followed by the child's own traceback; those
lines are process N's (its spawn index: the local rank, the rank on one node), though nothing on
them says so. ``attribute_spawn_blocks`` gives them that rank: from the header to the end of the
traceback's exception (and its chained links), stopping early at a line that names its own rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import attribution as attr

if TYPE_CHECKING:
    from .engine import AttributedHit

SPAWN_ENTRY, SPAWN_HEADER = "dist.child-failed-summary", "mp-spawn-raised"
_CHAIN = frozenset({"chain-during", "chain-cause"})
_MESSAGE_LINES = 3  # lines after the exception line that may still be its message


def attribute_spawn_blocks(hits: Sequence[AttributedHit]) -> None:
    """Set the rank of the unattributed hits inside each spawn child-traceback block (in place)."""
    if not any(h.rule.entry_id == SPAWN_ENTRY and h.rule.sig_id == SPAWN_HEADER for h in hits):
        return  # the common case: one pass, nothing to do
    by_file: dict[int, list[AttributedHit]] = {}
    for h in hits:
        by_file.setdefault(h.file_index, []).append(h)
    for fhits in by_file.values():
        rank: int | None = None
        exc_line: int | None = None
        for h in sorted(fhits, key=lambda x: x.hit.line):
            if h.rule.entry_id == SPAWN_ENTRY and h.rule.sig_id == SPAWN_HEADER:
                g = h.hit.groups.get("failed_local_rank") or ""
                rank, exc_line = (int(g), None) if g.isdigit() else (None, None)
                continue
            if rank is None:
                continue
            line = h.hit.line
            if exc_line is not None and line > exc_line + _MESSAGE_LINES and h.rule.sig_id not in _CHAIN:
                rank = None  # past the child's exception: the parent's (or another process's) lines
                continue
            if h.at.rank is not None and h.at.rank != rank:
                rank = None  # a line with its own rank prefix ends the block
                continue
            if h.rule.sig_id in _CHAIN:
                exc_line = None  # a chained exception follows: the block goes on
            elif h.rule.entry_id is None and h.rule.sig_id == "exception" and not h.hit.text.startswith((" ", "\t")):
                exc_line = line if exc_line is None else exc_line
            if h.at.rank is None:
                h.at = attr.Attribution(rank, h.at.local_rank, h.at.host, h.at.pid, h.at.time)
