"""Computed diagnosis for evaluate.module-not-found: local path looked up, Hub id to fetch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "").strip()
    if not module:
        return None
    script = str(facts.get("script_path") or "")
    name = module.rstrip("/").split("/")[-1]
    community = "/" in module and not module.startswith((".", "/")) and ":" not in module
    text = f"evaluate looked for the metric '{module}' locally"
    if script:
        text += f" ({script}, relative to the working directory)"
    text += " and on the Hugging Face Hub; both failed. Usually the Hub is unreachable (offline/proxy) rather than the metric missing."
    hub = f"https://huggingface.co/spaces/{module}" if community else f"https://huggingface.co/spaces/evaluate-metric/{name}"
    fix = (f"Check access from this machine: curl -sI {hub}",
           f"Offline: git clone {hub} on a connected machine, copy it here and evaluate.load('/abs/path/{name}')",
           "Or compute the score with the backing library directly (sacrebleu, jiwer, rouge_score, sklearn).")
    return Explanation(text=text, fix=fix, derived={"hub_url": hub})
