"""Computed diagnosis for conda.activate-failed: which activation failure and the script lines that fix it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    name = str(facts.get("env_name") or "")
    path = str(facts.get("env_path") or "")
    derived: dict[str, Any] = {}
    if sig in ("env-name-not-found", "env-location-not-found") or name or path:
        target = name or path
        derived["what"] = f"conda environment '{target}' does not exist for the conda installation this job uses"
        text = f"conda looked for '{target}' and found no such environment " + ("name in its envs directories" if name else "at that path") + "."
        fix = [
            "Run conda env list (conda info --envs) in the same job/node to see what this conda installation knows.",
            f"Create it there (conda env create -n {target} -f environment.yml) or activate by an absolute path every node can see (conda activate /shared/envs/{target})." if name else f"Check the path exists on the node that runs ({path}) and contains conda-meta/.",
        ]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["what"] = "conda activate ran in a shell where conda's shell function is not loaded"
    text = ("conda activate needs the shell function that 'conda init' puts in ~/.bashrc; this shell (batch job, Docker RUN, CI step, subprocess) "
            "never loaded it, so activation failed and later commands ran with the wrong Python.")
    fix = [
        'Add before conda activate: eval "$(conda shell.bash hook)"  (or: source "$(conda info --base)/etc/profile.d/conda.sh").',
        "Or skip activation: conda run -n <env> --no-capture-output python ... / <conda base>/envs/<env>/bin/python ...",
    ]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
