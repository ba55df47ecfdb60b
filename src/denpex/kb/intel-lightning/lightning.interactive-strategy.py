"""Computed diagnosis for lightning.interactive-strategy: which notebook-safe strategy this Lightning version offers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SCRIPT_ONLY = ("deepspeed", "fsdp", "xla", "tpu", "horovod", "hpu", "megatron", "colossal")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("strategy") or "").strip()
    if not raw:
        return None
    strategy = raw.strip("'\"")
    low = strategy.lower()
    api = str(facts.get("api") or "Trainer")
    offered = str(facts.get("compatible") or "")
    legacy = bool(offered) and "ddp_notebook" not in offered
    text = f"{api}(strategy={raw}) starts worker processes that a notebook/IPython kernel cannot provide, so Lightning refused it before training."
    fix: list[str] = []
    if any(k in low for k in _SCRIPT_ONLY):
        advice = "a script (python train.py)"
        text += f" '{strategy}' has no notebook launcher in any Lightning version."
        fix.append("Move the code into train.py and run `python train.py` (or `!python train.py` from the notebook), or use devices=1 for a quick notebook run.")
    elif legacy:
        advice = "strategy='dp' or upgrade Lightning"
        text += f" This Lightning version offers only: {offered.strip()} - it predates ddp_notebook (1.8) / ddp_fork (1.7)."
        fix += ["In the notebook use strategy='dp' (accelerator='dp' on Lightning 1.3-1.4), or devices=1.",
                "Or upgrade: pip install -U lightning, then Trainer(devices=N, strategy='ddp_notebook')."]
    else:
        advice = f"{api}(strategy='ddp_notebook', devices=N) or devices=1"
        fix += [f"{api}(accelerator='gpu', devices=N, strategy='ddp_notebook') - forks the kernel, so keep CUDA calls (.cuda(), torch.cuda.*) out of earlier cells and restart the kernel first.",
                "Or devices=1 if one GPU is enough; for full DDP run the code as a script."]
    fix.append("If a library created the Trainer, pass its strategy option (or run its script entry point) instead of its 'ddp' default.")
    return Explanation(text=text, fix=tuple(fix), derived={"advice": advice})
