"""Computed diagnosis for llamacpp.quantize-missing-imatrix: no imatrix vs an imatrix that misses this tensor."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tensor = str(facts.get("tensor") or "")
    if not tensor:
        return None
    entries = facts.get("imatrix_entries")
    m = re.match(r"blk\.(\d+)\.", tensor)
    layer = m.group(1) if m else None
    if "_exps" in tensor or re.search(r"ffn_\w+\.\d+\.weight", tensor):
        kind = "an MoE expert weight; experts the calibration text never routed to get no importance data"
    elif "nextn" in tensor or "mtp" in tensor:
        kind = "an MTP/NextN draft tensor, which the imatrix run never executes"
    else:
        kind = "a matmul weight"
    if entries:
        text = (f"An imatrix with {entries} entries was loaded, but it has nothing for {tensor} ({kind}); "
                "llama-quantize refuses IQ1/IQ2-class types for it.")
    else:
        text = f"{tensor} ({kind}) has no importance matrix data, which IQ1/IQ2-class types require."
    pattern = f"blk\\.{layer}\\.=q4_K" if layer else f"{tensor}=q4_K"
    fix = (f"Keep that tensor at a type that needs no imatrix: --tensor-type '{pattern}'.",
           "Recompute the imatrix on this exact GGUF with more/varied chunks (llama-imatrix -m model-f16.gguf -f text -o "
           "imatrix.dat) and pass --imatrix imatrix.dat, or quantize to Q2_K/Q3_K_S or higher.")
    return Explanation(text=text, fix=fix, derived={"layer": layer or "?"})
