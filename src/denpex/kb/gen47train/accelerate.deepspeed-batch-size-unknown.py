"""Computed diagnosis for accelerate.deepspeed-batch-size-unknown: what the failing prepare() call was given."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOADER_HINTS = ("loader", "dl", "data")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    args_text = str(facts.get("prepare_args") or "").strip()
    args = [a.strip() for a in args_text.split(",") if a.strip()]
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if args:
        loaders = [a for a in args if any(h in a.lower() for h in _LOADER_HINTS)]
        derived["prepare_args"] = args_text
        if loaders:
            derived["diagnosis"] = "loader-without-batch-size"
            text = (f"accelerator.prepare({args_text}) did receive {', '.join(loaders)}, but no integer batch_size could be read "
                    "from it: a DataLoader built with batch_sampler= (bucketing) reports batch_size None, and a wrapped or "
                    "already-prepared loader is not counted.")
            fix.append("Set \"train_micro_batch_size_per_gpu\" to the per-GPU batch size in the DeepSpeed config instead of 'auto'.")
        else:
            derived["diagnosis"] = "no-dataloader-in-prepare"
            text = (f"accelerator.prepare({args_text}) contains no DataLoader, so accelerate cannot fill the DeepSpeed config's "
                    "'auto' train_micro_batch_size_per_gpu when it creates the engine.")
            fix.append(f"Pass the training DataLoader in the same call: accelerator.prepare({args_text}, train_dataloader) "
                       "(all prepared objects come back in the same order).")
            fix.append("Or set \"train_micro_batch_size_per_gpu\": <int> in the DeepSpeed config / AcceleratorState().deepspeed_plugin.deepspeed_config before prepare.")
    else:
        derived["diagnosis"] = "batch-size-unknown"
        text = ("accelerate needed the micro-batch size to build the DeepSpeed engine, but the prepare() call had no DataLoader "
                "with an integer batch_size and the config says 'auto'.")
        fix.append("Prepare the model together with the training DataLoader, or put an integer train_micro_batch_size_per_gpu in the DeepSpeed config.")
    fix.append("If the script was not written for DeepSpeed, launch it with a non-DeepSpeed accelerate config.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
