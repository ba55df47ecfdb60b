"""Computed diagnosis for deepspeed.zero-to-fp32-numel-mismatch: size of the gap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        consumed = int(facts["consumed"])
        available = int(facts["available"])
    except (KeyError, TypeError, ValueError):
        return None
    gap = available - consumed
    ws = facts.get("world_size")
    # ZeRO pads each group's flat partition to a multiple of 2 x world_size elements: a few groups' worth is padding
    small = abs(gap) < max(2 * int(ws or 1) * 64, 128)
    if small:
        diagnosis = "padding/alignment accounting differs"
        text = (f"Only {abs(gap)} element(s) differ out of {available:,}: the padding/alignment rules of this "
                "zero_to_fp32 differ from the DeepSpeed that saved the checkpoint.")
        fix = ("Use the zero_to_fp32.py saved in the checkpoint folder, or the DeepSpeed version that trained.",)
    elif gap > 0:
        diagnosis = "parameters in the shards missing from the recorded shapes"
        text = (f"{gap:,} fp32 element(s) ({gap * 4 / 2**20:.2f} MiB of fp32) are in the shards but not described by the "
                "recorded parameter shapes: frozen or tied parameters, or shards from another run.")
        fix = ("Check the tag folder holds one run's shards only; use a DeepSpeed release that handles frozen/tied parameters.",)
    else:
        diagnosis = "recorded shapes larger than the shards"
        text = (f"The recorded shapes need {-gap:,} element(s) more than the shards hold: shards are missing or "
                "come from a different world size.")
        fix = ("Make sure every rank's *_optim_states.pt of the same global_step is present.",)
    return Explanation(text=text, fix=fix, derived={"gap": gap, "diagnosis": diagnosis})
