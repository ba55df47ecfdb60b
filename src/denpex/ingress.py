"""Masking at ingress: every line the scan kept is masked once, before anything reads it.

The scanner keeps the lines that matched (with their context lines and the groups a signature
extracted); attribution reads them raw, in memory, for rank, host and time prefixes. Right after
that, and before any fact is built, any traceback is read, any Drain3 template is mined, any text
is cut for display or echoed, ``mask_hits`` replaces each of those strings by its masked form. A
templating step can then no longer split a token the masker would have recognised
(``sk-ant-api0<NUM>-...``), and a fact computed from a line can only hold placeholders.
Output code masks again (idempotent: placeholders are never masked twice) as a second line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .masking import Masker, NullMasker

if TYPE_CHECKING:
    from .engine import AttributedHit


def mask_hits(hits: Sequence[AttributedHit], masker: Masker) -> None:
    """Mask, in place, every string of every hit (its line, source name, context lines, extracted
    groups) and its host. Each distinct string is masked once per diagnosis."""
    if isinstance(masker, NullMasker):
        return
    memo: dict[str, str] = {}

    def m(s: str) -> str:
        out = memo.get(s)
        if out is None:
            out = memo[s] = masker.mask(s)
        return out

    for h in hits:
        hit = h.hit
        h.hit = dataclasses.replace(
            hit,
            source=m(hit.source),
            text=m(hit.text),
            groups={k: m(v) if isinstance(v, str) else v for k, v in hit.groups.items()},
            before=tuple(m(b) for b in hit.before),
            context_all=tuple((k, m(v) if isinstance(v, str) else v) for k, v in hit.context_all),
        )
        if h.at.host:
            h.at = dataclasses.replace(h.at, host=masker.host(h.at.host))
