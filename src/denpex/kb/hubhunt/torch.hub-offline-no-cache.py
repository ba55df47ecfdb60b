"""Computed diagnosis for torch.hub-offline-no-cache: the cache folders torch.hub looked for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hub_dir = str(facts.get("hub_dir") or "")
    repo = str(facts.get("repo") or "")
    if not hub_dir and not repo:
        return None
    hub = hub_dir or "<torch.hub.get_dir()>"
    sep = "\\" if "\\" in hub else "/"
    if repo:
        owner, _, name = repo.partition(":")[0].partition("/")
        folders = [f"{hub}{sep}{owner}_{name}_{b}" for b in ("main", "master")]
        text = (f"torch.hub could not reach GitHub to resolve {repo!r} and found neither {folders[0]} nor {folders[1]}.")
        fix = (f"On a connected machine run torch.hub.load('{repo}', ...) once, copy {folders[1].rsplit(sep, 1)[-1]} (or _main) into {hub}, "
               f"then load with torch.hub.load('{folders[0]}' or '{folders[1]}', <model>, source='local').",)
    else:
        text = f"torch.hub could not reach GitHub and found no cached copy of the repo in {hub}."
        fix = (f"Copy the <owner>_<repo>_<branch> folder from a connected machine into {hub} and load with source='local'.",)
    return Explanation(text=text, fix=fix + ("If you are online, fix the network/SSL error chained above this RuntimeError.",))
