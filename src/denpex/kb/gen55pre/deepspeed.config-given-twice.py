"""Computed diagnosis for deepspeed.config-given-twice: which two sources collided and who passed them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    caller = str(facts.get("caller_file") or "").replace("\\", "/")
    if sig == "deepscale-and-deepspeed":
        return Explanation(
            text="Both the deprecated --deepscale_config and --deepspeed_config were given; DeepSpeed maps the first onto the second and refuses when both are set.",
            fix=("Remove --deepscale_config from the command line (or the launcher script) and keep --deepspeed_config.",),
            derived={"how": "--deepscale_config and --deepspeed_config"},
        )
    if sig != "args-and-initialize":
        return None
    neox = "gpt-neox" in caller.lower() or "neox" in caller.lower() or caller.endswith("megatron/training.py")
    if neox:
        text = (f"GPT-NeoX's setup_model_and_optimizer ({caller}) passes the DeepSpeed config both on args and as config_params; "
                "the DeepSpeed it was written for (EleutherAI's DeeperSpeed fork, pinned in its requirements) accepts that, "
                "but the installed deepspeed asserts. This is a package mismatch, not a config mistake.")
        fix = ("pip uninstall -y deepspeed && pip install -r requirements/requirements.txt  # installs the pinned DeeperSpeed",
               "Or pin an older upstream release that users report working with this NeoX checkout (deepspeed 0.8.x).")
        how = "args.deepspeed_config and config_params (GPT-NeoX / Megatron-style caller)"
    else:
        where = f" in {caller}" if caller else ""
        text = (f"deepspeed.initialize(){where} received args with deepspeed_config set (the --deepspeed_config flag) and a config= / "
                "config_params= argument at the same time; DeepSpeed accepts only one source.")
        fix = ("Keep the file: call deepspeed.initialize(args=args, model=model, model_parameters=params) without config=.",
               "Keep the dict: drop --deepspeed_config from the command line or set args.deepspeed_config = None before initialize(config=...).")
        how = "args.deepspeed_config and config="
    return Explanation(text=text, fix=fix, derived={"how": how})
