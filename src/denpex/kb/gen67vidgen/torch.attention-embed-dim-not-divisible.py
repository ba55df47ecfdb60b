"""Computed diagnosis for torch.attention-embed-dim-not-divisible: which head counts fit the width."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def _fitting_heads(width: int, heads: int) -> list[int]:
    """Head counts near the requested one that divide the width."""
    found = [h for h in range(1, min(width, 256) + 1) if width % h == 0]
    found.sort(key=lambda h: (abs(h - heads), h))
    return sorted(found[:3])


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    width = as_int(facts.get("embed_dim"))
    heads = as_int(facts.get("num_heads"))
    if not width or not heads:
        return Explanation(
            text=("An attention layer was built with a width that its head count does not divide; the numbers come from "
                  "the config of the files loaded, usually a component (VAE, encoder, transformer) of another model version."),
            derived={"detail": ""},
        )
    rest = width % heads
    fits = _fitting_heads(width, heads)
    head_dim = width // heads
    text = (f"The width {width} split into {heads} heads leaves {rest} features over (head_dim {head_dim} x {heads} = "
            f"{head_dim * heads}); every head must get the same head_dim.")
    fix = []
    if fits:
        fix.append(f"Head counts that divide {width}: {', '.join(str(h) for h in fits)}; or set the width to "
                   f"{heads} x {max(head_dim, 1)} = {heads * max(head_dim, 1)} or {heads} x {head_dim + 1} = {heads * (head_dim + 1)}.")
    fix.append("If you did not choose these numbers, the config belongs to another model version: load matching files.")
    return Explanation(text=text, fix=tuple(fix), derived={"detail": f" ({width} % {heads} = {rest})"})
