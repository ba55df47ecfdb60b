"""Computed diagnosis for torch.checkpoint-recompute-mismatch: which metadata differs and the likely cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(shape: str) -> list[int] | None:
    nums = re.findall(r"\d+", shape or "")
    if not shape:
        return None
    return [int(n) for n in nums]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "count-mismatch":
        fwd, rec = facts.get("forward_count"), facts.get("recompute_count")
        if fwd is None or rec is None:
            return None
        detail = f"{fwd} tensors saved in the forward, {rec} in the recomputation"
        text = (f"The checkpointed block saved {fwd} tensors in the forward pass but {rec} when it was re-run in backward: "
                "the recompute took a different code path (MoE expert routing, a KV cache created in the forward, "
                "a hook or flag that is only set during the forward).")
        fix = ("Set use_cache=False and make the checkpointed function free of side effects; for MoE models loop over all "
               "experts or exclude the MoE layer from checkpointing.",
               "Debug: torch.utils.checkpoint.set_checkpoint_debug_enabled(True) prints the op sequences of both runs.")
        return Explanation(text=text, fix=fix, derived={"detail": detail})
    if sig != "metadata-mismatch":
        return None
    ss, rs = str(facts.get("saved_shape") or ""), str(facts.get("recomputed_shape") or "")
    sd, rd = str(facts.get("saved_dtype") or ""), str(facts.get("recomputed_dtype") or "")
    pos = facts.get("position")
    where = f"tensor at position {pos}" if pos is not None else "a saved tensor"
    if not ss or not rs:
        detail = f"the metadata of {where} changed between the forward and the recompute"
        text = ("A tensor saved by a checkpointed block has a different shape/dtype/device when backward re-runs the block; "
                "the 'saved metadata' / 'recomputed metadata' lines below the error say which. Common causes: use_cache=True "
                "(a dimension doubles), ZeRO-3/FSDP parameters released (shape [0]), autocast only in the forward (dtype).")
        fix = ("Set use_cache=False, keep autocast inside the checkpointed function, and for ZeRO-3 with frozen params upgrade "
               "DeepSpeed or use use_reentrant=True.",)
        return Explanation(text=text, fix=fix, derived={"detail": detail})
    a, b = _dims(ss), _dims(rs)
    if b == [0] and a != [0]:
        detail = f"{where}: saved {ss}, recomputed {rs} (parameter released)"
        text = (f"{where} had shape {ss} in the forward but {rs} in the recompute: a sharded parameter (DeepSpeed ZeRO-3 / FSDP) "
                "was already partitioned again when the block was re-run, typical for frozen parameters under ZeRO-3.")
        fix = ("Upgrade DeepSpeed (ZeRO-3 activation checkpointing with frozen params) or use "
               "gradient_checkpointing_kwargs={'use_reentrant': True}.",)
    elif a and b and len(a) == len(b) and any(y == 2 * x for x, y in zip(a, b) if x):
        detail = f"{where}: saved {ss}, recomputed {rs} (a dimension doubled)"
        text = (f"{where} grew from {ss} to {rs}: a dimension doubled in the recompute, the signature of a KV cache "
                "(use_cache=True / past_key_values) filled during the forward and reused when the block is re-run.")
        fix = ("Set model.config.use_cache = False (or pass use_cache=False) while training with gradient checkpointing.",)
    elif ss == rs and sd and rd and sd != rd:
        detail = f"{where}: dtype {sd} in the forward, {rd} in the recompute"
        text = (f"{where} has the same shape {ss} but was {sd} in the forward and {rd} in the recompute: autocast (or a "
                "dtype cast) was active in the forward but not when backward re-ran the block.")
        fix = ("Put the autocast context inside the checkpointed function, or run backward under the same autocast settings.",)
    else:
        detail = f"{where}: saved {ss} {sd}, recomputed {rs} {rd}"
        text = (f"{where} was {ss} ({sd}) in the forward but {rs} ({rd}) in the recompute: the checkpointed block depends on "
                "state that changed between the two runs (cache, hook, data-dependent branch).")
        fix = ("Make the checkpointed function deterministic and stateless; debug with "
               "torch.utils.checkpoint.set_checkpoint_debug_enabled(True).",)
    return Explanation(text=text, fix=fix, derived={"detail": detail})
