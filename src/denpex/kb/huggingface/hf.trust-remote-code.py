"""Computed diagnosis for hf.trust-remote-code: which component needs the flag and how to pass it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    repo = facts.get("repo_id")
    kind = str(facts.get("code_kind") or "")
    artifact = facts.get("artifact")
    component = facts.get("component")
    if not any((repo, kind, artifact, component)):
        return None
    name = repo or "<repo>"
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if component:
        parts.append(f"vLLM could not load the {component} without running the repository's custom code.")
        fix.append(f"vllm serve {name} --trust-remote-code   (or LLM(model='{name}', trust_remote_code=True))")
    if artifact == "dataset" or "dataset" in kind:
        derived["is_dataset"] = True
        parts.append(f"The dataset {name} is defined by a loading script in its repository.")
        fix.append(f"load_dataset('{name}', trust_remote_code=True) on datasets 2.16-3.x, or use the repo's Parquet export (datasets >= 4 no longer runs scripts).")
    elif not component:
        what = kind or "model code"
        parts.append(f"{name} ships its own {what} (config.json auto_map points to .py files in the repo).")
        if "tokenizer" in kind:
            fix.append(f"AutoTokenizer.from_pretrained('{name}', trust_remote_code=True)  (the tokenizer is the custom part)")
        fix.append(
            f"Pass the flag to every Auto call: AutoConfig/AutoTokenizer/AutoModelForCausalLM.from_pretrained('{name}', trust_remote_code=True, revision='<reviewed commit>')"
        )
    fix.append("Review the repository's .py files before enabling the flag, and pin the revision you reviewed.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
