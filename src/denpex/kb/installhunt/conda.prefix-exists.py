"""Computed diagnosis for conda.prefix-exists: existing env vs. base install as target."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prefix = str(facts.get("prefix") or "").strip()
    if not prefix:
        return None
    norm = prefix.replace("\\", "/").rstrip("/")
    last = norm.rsplit("/", 1)[-1]
    is_base = "/envs/" not in norm + "/" and bool(re.search(r"(?i)(mini|ana)conda[0-9]?|miniforge[0-9]?|mambaforge|micromamba", last))
    if is_base:
        kind = "base install"
        text = (f"The target {prefix} is the conda installation itself: the environment file has no name: "
                "(or -p points at the install root), so conda would create the env on top of base.")
        fix = ("Add name: <env> to environment.yml or pass -n <env>: conda env create -f environment.yml -n <env>",
               f"Do not delete {prefix}: it is the base installation.")
    else:
        kind = "existing environment"
        text = f"An environment already exists at {prefix} (probably from an earlier or partial run)."
        fix = (f"Update it: conda env update -p {prefix} -f environment.yml --prune",
               f"Or remove it and recreate: conda env remove -p {prefix}  (or delete the folder), then rerun.",
               "Or create under another name with -n NEWNAME.")
    return Explanation(text=text, fix=fix, derived={"kind": kind})
