"""Computed diagnosis for deepspeed.zero3-inflight-params: which parameter was left in flight."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "inflight-bound-method":
        return Explanation(
            text=("This DeepSpeed release prints the in-flight parameters as bound methods (0.8/0.9 era); "
                  "those releases had ZeRO-3 prefetch bugs, so first try a newer DeepSpeed."),
            fix=("pip install -U deepspeed  (or the version your framework pins), then rerun.",),
            derived={"diagnosis": "old DeepSpeed release",
                     "first_param": " (this DeepSpeed prints them as bound methods: an 0.8/0.9-era release)"},
        )
    try:
        pid = int(facts["first_id"])
    except (KeyError, TypeError, ValueError):
        return None
    status = str(facts.get("first_status") or "")
    shape = str(facts.get("first_shape") or "")
    dims = [d for d in shape.strip("()").replace(" ", "").split(",") if d]
    empty = dims == ["0"]
    where = f" (first: parameter {pid}, {status}{', shape ' + shape if shape else ''})"
    if status == "INFLIGHT" and empty:
        diagnosis = "prefetched all-gather never waited on"
        text = (f"Parameter {pid} is still INFLIGHT with an empty local shape {shape}: its all-gather was issued by "
                "the prefetcher for a module that did not run in this forward. The executed modules differ from the "
                "recorded trace (generate(), a skipped branch, another dataloader or model).")
    elif status == "AVAILABLE":
        diagnosis = "gathered parameter left registered"
        text = (f"Parameter {pid} {shape} was gathered (AVAILABLE) but still registered as in flight at reset: the "
                "coordinator's bookkeeping and the modules that ran disagree, typical of generate() loops and of "
                "DeepSpeed releases with prefetch bugs.")
    else:
        diagnosis = "in-flight all-gather at step end"
        text = f"Parameter {pid} ({status} {shape}) was still in flight when ZeRO-3 ended the step."
    return Explanation(
        text=text,
        fix=("Run generation/eval inside deepspeed.zero.GatheredParameters(...) or the framework's ZeRO-3 generation option.",
             "Set zero_optimization.stage3_prefetch_bucket_size: 0, or change DeepSpeed version, and rerun."),
        derived={"diagnosis": diagnosis, "first_param": where},
    )
