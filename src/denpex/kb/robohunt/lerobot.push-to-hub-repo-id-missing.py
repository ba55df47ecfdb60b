"""Computed diagnosis for lerobot.push-to-hub-repo-id-missing: which flag to add."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = str(facts.get("field") or "policy.repo_id")
    prefix = field[: -len("repo_id")] if field.endswith("repo_id") else ""
    flag_push = f"--{prefix}push_to_hub=false"
    flag_repo = f"--{field}=<your_hf_user>/<model_name>"
    return Explanation(
        text=f"Training stopped in config validation: push to the Hub is enabled (the default) but {field} is empty.",
        fix=(f"Train without pushing: add {flag_push} to the command.",
             f"Or push: huggingface-cli login, then add {flag_repo}."),
        derived={"field": field},
    )
