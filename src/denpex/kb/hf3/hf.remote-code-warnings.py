"""Computed diagnosis for hf.remote-code-warnings: unpinned custom code vs a code update that just arrived."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    repo = facts.get("repo_id")
    if facts.get("_signature") == "new-version-downloaded" and repo:
        text = (f"The custom code of {repo} changed on the Hub and the new version is being executed in this run. Harmless if "
                "the run works; if loading or generation fails below this line and worked before, this update is the likely cause.")
        fix = (f"Pin the last working commit: from_pretrained('{repo}', trust_remote_code=True, revision='<sha>') "
               f"(see https://huggingface.co/{repo}/commits/main),",
               "or upgrade transformers / install what the new code imports.")
        return Explanation(text=text, fix=fix, derived={"what": f"custom code of {repo} updated and executed (pin a revision if the run fails)"})
    art = facts.get("artifact") or "model"
    return Explanation(text=f"The {art}'s custom code is loaded without a pinned revision: informational only.",
                       fix=("Pass revision='<commit sha>' to from_pretrained to pin and silence it.",),
                       derived={"what": f"custom {art} code not pinned to a revision (harmless)"})
