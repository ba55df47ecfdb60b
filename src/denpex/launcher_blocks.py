"""A child's output that a launcher prints as a block belongs to that child.

MosaicML Composer's launcher (``composer -n 8 train.py``) keeps every non-zero local rank's stdout
and stderr in files and, when a rank crashes, prints them between markers::

    Global rank 1 (PID 4242) exited with code 1
    ----------Begin global rank 1 STDOUT----------
    ...
    ----------End global rank 1 STDOUT----------
    ----------Begin global rank 1 STDERR----------
    Traceback (most recent call last):
    ...
    ----------End global rank 1 STDERR----------

Nothing on those lines says which rank printed them, and their messages may name other ranks
("Waiting for local rank 0, bailing out"): ``attribute_launcher_blocks`` gives every hit between a
Begin and its End the block's rank. A paste that starts inside a block (only its End marker is
left) gives the block's rank to the lines above the End, back to the previous marker.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import AttributedHit

BLOCK_KIND = "launcher-block"  # the generic rule (rules.py) whose groups give the edge and the rank


def attribute_launcher_blocks(hits: Sequence[AttributedHit]) -> None:
    """Set the rank of every hit inside a launcher's per-rank output block (in place)."""
    if not any(h.rule.sig_id == BLOCK_KIND and h.rule.entry_id is None for h in hits):
        return  # the common case: one pass, nothing to do
    by_file: dict[int, list[AttributedHit]] = {}
    for h in hits:
        by_file.setdefault(h.file_index, []).append(h)
    for fhits in by_file.values():
        fhits.sort(key=lambda x: x.hit.line)
        edges = [(i, h.hit.groups) for i, h in enumerate(fhits) if h.rule.sig_id == BLOCK_KIND and h.rule.entry_id is None]
        if not edges:
            continue
        prev_edge = -1  # index of the previous marker (the block of an End starts after it)
        for k, (i, g) in enumerate(edges):
            rank = int(g["block_rank"])
            if g["edge"] == "End":
                # the lines since the previous marker: its own Begin, or (a paste cut at the top) the
                # end of the previous block or the start of the input
                _give(fhits[prev_edge + 1:i], rank)
            elif k == len(edges) - 1 or edges[k + 1][1]["edge"] == "Begin":
                # a Begin whose End is missing (the log stops inside the block): up to the next marker
                stop = edges[k + 1][0] if k + 1 < len(edges) else len(fhits)
                _give(fhits[i + 1:stop], rank)
            prev_edge = i


def _give(hits: Sequence[AttributedHit], rank: int) -> None:
    for h in hits:
        if h.at.rank != rank:
            h.at = dataclasses.replace(h.at, rank=rank)
