"""Computed diagnosis for datasets.script-not-in-release: the release in the URL and what to do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dataset = facts.get("dataset")
    if not dataset:
        return None
    version = facts.get("version")
    sig = facts.get("_signature")
    if sig == "hub-resolve-script":
        diagnosis = f"old datasets expects a loading script in the Hub repo {dataset}"
        text = (f"The installed datasets looked for a loading script inside the Hub repository '{dataset}' and got a 404. "
                "Old datasets releases (1.x) required one; current releases load repositories that hold only data files. "
                "If the repository is private or gated, the same 404 appears without a token.")
        fix = ("pip install -U datasets, then rerun load_dataset.",
               "If it is gated/private: huggingface-cli login (or pass token=...).")
    elif version:
        diagnosis = f"datasets {version} predates the '{dataset}' loading script"
        text = (f"datasets {version} builds the script URL from its own GitHub tag ({version}); the tag has no "
                f"datasets/{dataset}/{dataset}.py, so '{dataset}' was added (or renamed) after that release.")
        fix = (f"pip install -U datasets (anything newer than {version}), then rerun load_dataset('{dataset}').",)
    else:
        diagnosis = f"the installed datasets release has no loading script for '{dataset}'"
        text = (f"The installed datasets could not find a loading script for '{dataset}' at the locations its release "
                "knows about; the dataset was added after that release.")
        fix = ("pip install -U datasets.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
