"""Computed diagnosis for lerobot.dataset-version-mismatch: convert the dataset or change lerobot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CONVERT = {
    "2.1": "python -m lerobot.datasets.v30.convert_dataset_v21_to_v30 --repo-id={repo}",
    "2.0": "python -m lerobot.datasets.v21.convert_dataset_v20_to_v21 --repo-id={repo} (with a lerobot that has it, then to v3.0)",
    "1": "python lerobot/common/datasets/v2/convert_dataset_v1_to_v2.py --repo-id={repo} (lerobot of Nov 2024-Feb 2025)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    repo = str(facts.get("repo_id") or "<repo_id>")
    dv = str(facts.get("dataset_version") or "").lstrip("v")
    cv = str(facts.get("codebase_version") or "")
    old = str(facts.get("old_version") or "").lstrip("v")
    if sig == "backward-incompatible" and dv and cv and dv == cv:
        return Explanation(
            text=(f"Dataset {repo} is v{dv}, yet this lerobot answers with the v1.x-to-v2.0 message: the installed lerobot commit "
                  "(or the project's own validation, e.g. openpi's pinned lerobot) does not accept this minor version; the v1 converter it suggests does not apply."),
            fix=(f"Compare codebase_version in ~/.cache/huggingface/lerobot/{repo}/meta/info.json with the lerobot the project pins;",
                 "convert between minor versions (v2.0 -> v2.1: convert_dataset_v20_to_v21) or install the lerobot commit the project expects."),
            derived={"direction": "format mismatch under a pinned lerobot"},
        )
    if sig == "backward-incompatible":
        have = dv or old
        key = "2.1" if have.startswith("2.1") else "2.0" if have.startswith("2.0") else "1" if have.startswith("1") else ""
        conv = _CONVERT.get(key, "the converter printed in the message").format(repo=repo)
        return Explanation(
            text=f"Dataset {repo} is in format v{have or '?'}; this lerobot reads v{cv or '?'} and later only.",
            fix=(f"Convert: {conv}; then rm -rf ~/.cache/huggingface/lerobot/{repo}.",
                 f"Or install the lerobot version that reads v{have} (the commit your project pins)."),
            derived={"direction": "dataset older than code"},
        )
    if sig == "forward-incompatible":
        return Explanation(
            text=f"Dataset {repo} exists only in format v{dv or '?'}, newer than this lerobot can read.",
            fix=("pip install -U lerobot (if the project allows),",
                 f"or load an older revision if tagged (LeRobotDataset('{repo}', revision='v2.1')), or regenerate the dataset with the project's pinned lerobot."),
            derived={"direction": "dataset newer than code"},
        )
    if sig == "untagged-dataset":
        return Explanation(
            text="The Hub dataset has no vX.Y tag, so lerobot cannot pick a revision in a format it reads.",
            fix=("Tag it to match meta/info.json codebase_version: HfApi().create_tag(repo_id, tag='v2.1', repo_type='dataset').",),
            derived={"direction": "untagged"},
        )
    return None
