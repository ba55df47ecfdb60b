"""Computed diagnosis for lighteval.metric-type-mismatch: name the offending callable and its rewrite."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rep = str(facts.get("fn_repr") or "").strip()
    name = str(facts.get("fn_name") or "").strip()
    if not rep and not name:
        return None
    if rep.startswith("<bound method") and "." in name:
        cls, _, meth = name.rpartition(".")
        text = (f"The metric passes the bound method {name} as sample_level_fn; lighteval 0.11+ wants the {cls} "
                f"instance itself, not its .{meth}.")
        fix = (f"Change sample_level_fn={cls}(...).{meth} to sample_level_fn={cls}(...).",)
        kind = "bound-method"
    else:
        fn = name or rep
        text = (f"The metric's sample_level_fn is the plain function {fn}; since lighteval 0.11 it must be a "
                "SampleLevelComputation (compute) or Preparator (prepare) instance.")
        fix = (f"Wrap it: class {fn.split('.')[-1].title().replace('_', '')}(SampleLevelComputation): "
               f"def compute(self, doc, model_response, **kwargs): return {fn.split('.')[-1]}(...); "
               "then pass an instance as sample_level_fn,",
               "or pin lighteval<0.11 for this task file.")
        kind = "function"
    return Explanation(text=text, fix=fix, derived={"callable_kind": kind})
