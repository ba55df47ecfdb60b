"""Computed diagnosis for hf.gated-repo: what the status code says about the token and the account."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    repo = facts.get("repo_id")
    status = facts.get("status_code")
    kind = facts.get("repo_kind") or "model"
    if repo is None and status is None:
        return None
    page = f"https://huggingface.co/{'datasets/' if kind == 'dataset' else ''}{repo}" if repo else "the repository page"
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if status == 401:
        derived["token_sent"] = False
        parts.append(
            f"HTTP 401: the Hub did not receive a valid token for {repo or 'this repository'} "
            "(not logged in in this environment, HF_TOKEN not passed to the job/container, or an invalid/placeholder token)."
        )
        fix.append("Export a read token to the job: export HF_TOKEN=hf_... (docker run -e HF_TOKEN, a Kubernetes Secret, or hf auth login on the node).")
        fix.append(f"Check the id is spelled correctly: {page} (a missing repo also answers 401 to anonymous callers).")
    elif status == 403:
        derived["token_sent"] = True
        parts.append(
            f"HTTP 403: a token was sent but its account is not allowed to read {repo or 'this repository'}: "
            "licence not accepted, access request pending or rejected, or a fine-grained token without the gated-repos permission."
        )
        fix.append(f"Open {page} with the token's account, accept the terms / request access, and wait for approval.")
        fix.append("For a fine-grained token enable 'Read access to contents of all public gated repos you can access' at https://huggingface.co/settings/tokens.")
    else:
        parts.append(f"Access to {repo} is restricted to authenticated users who were granted access.")
        fix.append(f"Accept the terms at {page} with the account whose token the job uses, then export HF_TOKEN in the job.")
    if repo:
        derived["repo_url"] = page
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
