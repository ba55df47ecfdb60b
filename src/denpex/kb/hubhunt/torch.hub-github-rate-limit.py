"""Computed diagnosis for torch.hub-github-rate-limit: name the repo and its cache folder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    repo = str(facts.get("repo") or "")
    if not repo:
        return Explanation(
            text="GitHub refused an unauthenticated API call (60/hour per IP); torch.hub makes one per load.",
            fix=("export GITHUB_TOKEN=<token>, or pass skip_validation=True / load with source='local'.",),
            derived={"repo_suffix": ""},
        )
    owner_name, _, ref = repo.partition(":")
    owner, _, name = owner_name.partition("/")
    folder = f"~/.cache/torch/hub/{owner}_{name}_{ref or 'main'}"
    text = (f"torch.hub.load('{repo}') checks the ref through the GitHub API first; that call was refused "
            "because the unauthenticated budget (60/hour per IP) is used up.")
    fix = (f"export GITHUB_TOKEN=<token> and rerun, or torch.hub.load('{repo}', ..., trust_repo=True, skip_validation=True).",
           f"If {folder} exists: torch.hub.load('{folder}', <model>, source='local') makes no network call.")
    return Explanation(text=text, fix=fix, derived={"repo_suffix": f" ({repo})"})
