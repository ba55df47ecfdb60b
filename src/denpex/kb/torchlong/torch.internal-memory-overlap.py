"""Computed diagnosis for torch.internal-memory-overlap: which overlap, and where to clone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    code = facts.get("code") if isinstance(facts.get("code"), str) else ""
    code = code.strip()
    at = f" (`{code}`)" if code else ""
    if sig == "partial-overlap":
        overlap = "overlap one of its inputs"
        text = (f"The output of the in-place operation{at} shares memory with one of its inputs (a tensor indexed with "
                "itself, out= pointing at an input). Clone the input that aliases the output.")
        fix = ("t[idx.clone()] = ... / value = value.clone() before writing into t", "or compute into a new tensor (out-of-place op, torch.where)")
    else:
        overlap = "share one memory location"
        text = (f"The tensor written in place{at} has several elements on one memory cell: an expand()/broadcast view "
                "(stride 0). Make it a real tensor where it is created.")
        fix = ("x = x.expand(...).clone() (or x.repeat(...)) at creation, e.g. register_buffer(name, t.expand(...).clone())",
               "or use out-of-place ops (x = x * a + b) instead of x.mul_(a).add_(b)")
    return Explanation(text=text, fix=fix, derived={"overlap": overlap})
