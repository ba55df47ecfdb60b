"""Computed diagnosis for wandb.not-logged-in: which integration started W&B, and the switch that
fixes it there (key in the job environment, offline/disabled mode, report_to)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    integ = str(facts.get("integration") or "")
    fix: list[str] = []
    derived: dict[str, Any] = {"where": " at wandb.init"}
    text = (
        "wandb.init found no API key (no key= argument, no WANDB_API_KEY, no ~/.netrc entry for the host) "
        "and this process has no terminal to prompt on, so it stopped the run."
    )
    if "Automatic Weights & Biases" in integ or "WandbCallback" in integ:
        derived["where"] = " (HF Trainer report_to)"
        text += " The HF Trainer turned W&B on by itself because wandb is installed (report_to default)."
        fix.append("If you do not want W&B: TrainingArguments(report_to='none') (CLI: --report_to none).")
    elif "WandbLogger" in integ:
        derived["where"] = " (Lightning WandbLogger)"
        fix.append("Lightning: WandbLogger(offline=True) keeps logging local, or remove the logger from Trainer(logger=...).")
    elif "pid=" in integ:
        derived["where"] = " (inside a Ray task)"
        text += " It happened inside a Ray task: Ray workers do not inherit your shell's exported variables."
        fix.append("Pass the key to Ray: ray.init(runtime_env={'env_vars': {'WANDB_API_KEY': os.environ['WANDB_API_KEY']}}) or export it before `ray start` on every node.")
    elif "accelerate" in integ:
        derived["where"] = " (Accelerate tracker)"
        fix.append("Accelerate: drop log_with='wandb' (or --report_to) if tracking is not wanted.")
    fix.insert(0, "Export the key where the job runs: export WANDB_API_KEY=<key from https://wandb.ai/authorize> in the job script, or docker run -e WANDB_API_KEY / a Kubernetes Secret.")
    fix.append("No account or no internet on the node: export WANDB_MODE=offline (sync later with wandb sync ./wandb/offline-run-*) or WANDB_MODE=disabled.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
