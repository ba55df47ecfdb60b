"""Computed diagnosis for torch.packed-accessor32-numel-overflow."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

INT32_MAX = 2**31 - 1


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tensor = facts.get("tensor")
    name = f" '{tensor}'" if isinstance(tensor, str) and tensor else ""
    cube = round(INT32_MAX ** (1 / 3))
    text = (f"A tensor{name} passed to a 32-bit-indexed kernel has more than {INT32_MAX:,} elements. For scale: a float "
            f"volume of {cube}^3 is the largest cube that fits; 512^3 x 16 channels or a [B, H, L, L] attention map with "
            "B*H*L*L > 2^31 does not.")
    fix = (f"Chunk the call so every tensor{name} has < {INT32_MAX:,} elements (e.g. loop over torch.split(x, n, dim=0)).",
           "Or rebuild the extension with packed_accessor64 for that argument.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "tensor exceeds int32 element limit"})
