"""Computed diagnosis for accelerate.deepspeed-engine-missing: which call and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attribute") or "")
    caller = str(facts.get("caller") or "")
    if attr == "deepspeed_engine_wrapped":
        text = ("accelerator.backward() ran in DeepSpeed mode, but no DeepSpeed engine exists on this Accelerator: "
                "the model was not passed to accelerator.prepare() (or was prepared by another Accelerator instance).")
        fix = ("Pass the model with its optimizer to the same accelerator.prepare(...) call that the loop's accelerator comes from.",
               "If DeepSpeed is not intended: 'accelerate env' shows the default config; re-run 'accelerate config' or launch with a non-DeepSpeed --config_file.")
    elif attr == "deepspeed_config":
        where = f" (in {caller})" if caller else ""
        text = ("The save path" + where + " read the DeepSpeed config of an Accelerator that never prepared a model with DeepSpeed; "
                "with transformers' Trainer this is usually a transformers/accelerate pairing the framework does not support.")
        fix = ("Install the accelerate and transformers versions pinned by the project (pip install -r requirements.txt), then re-run.",
               "In a custom loop: prepare the model with DeepSpeed before get_state_dict / save_model.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"attribute": attr})
