"""Computed diagnosis for accelerate.state-not-initialized: what ran too early."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    caller = str(facts.get("caller") or "")
    if sig == "logging-utility":
        text = "accelerate's logger was used before Accelerator()/PartialState() created the process state."
        fix = ("Construct accelerator = Accelerator(...) (or call PartialState()) before the first logger.info/warning.",)
        api = "accelerate.logging"
    elif sig == "accelerator-state":
        if caller == "__init__":
            text = ("AcceleratorState() was read while an Accelerator/PartialState was being constructed - typically a tracker or helper "
                    "created PartialState first under a DeepSpeed launch, and Accelerator.__init__ then asked the uninitialised AcceleratorState for the DeepSpeed plugins.")
            fix = ("Create Accelerator(...) before the tracker/helper that touches accelerate state, or pass deepspeed_plugin=... explicitly.",
                   "Try the accelerate version the training script pins.")
        else:
            where = f" in {caller}()" if caller else ""
            text = f"AcceleratorState() was called{where} before any Accelerator() existed."
            fix = ("Move accelerator = Accelerator(...) before that call (top of main()).",)
        api = "AcceleratorState()"
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"api": api})
