"""Computed diagnosis for hf.trainer-optimizer-train-mode-missing: name the call site and the upgrade."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    opt = facts.get("optimizer")
    method = facts.get("method")
    if not isinstance(opt, str) or method not in ("train", "eval"):
        return None
    where = "at the start of each training step (training_step)" if method == "train" else "before evaluation"
    text = (f"Trainer calls optimizer.{method}() {where}; accelerate's wrapper forwards it to the plain {opt} optimizer, "
            f"which has no {method}() method. transformers is newer (4.45) than the installed accelerate.")
    fix = ("pip install -U 'accelerate>=0.34.2'",
           "python -c 'import transformers, accelerate; print(transformers.__version__, accelerate.__version__)'   # check the pair")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"{opt} has no {method}() (accelerate too old)"})
