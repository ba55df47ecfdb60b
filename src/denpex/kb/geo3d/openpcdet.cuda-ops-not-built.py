"""Computed diagnosis for openpcdet.cuda-ops-not-built: the op, the package and the build command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "").strip()
    module = str(facts.get("module") or "").strip()
    if not op:
        return None
    pkg = module.split(".", 1)[0] if module else "pcdet"
    parent = module if not module.endswith(op) else module.rsplit(".", 1)[0]
    folder = parent.replace(".", "/") if parent else f"{pkg}/ops"
    text = (f"{op} is a CUDA extension compiled by the repository's setup.py into {folder}/; no {op}*.so for this "
            f"Python/torch is there, so the build was skipped, failed, or ran in another environment.")
    fix = (
        f"cd <repo root>; find {folder} -name '{op}*.so'  # empty = never built; check the cpython tag otherwise",
        "python setup.py develop  (or pip install -e . --no-build-isolation) in this environment; fix the first compile error it prints",
        f"after a torch/CUDA/Python change: rm -rf build/ && find {pkg} -name '*.so' -delete && python setup.py develop",
    )
    return Explanation(text=text, fix=fix, derived={"package": pkg})
