"""Computed diagnosis for pyg.scatter-api-removed: the rewritten call for the failing operator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    op = str(facts.get("op") or "")
    if sig.endswith("scatter-underscore") or op == "scatter_":
        text = ("torch_geometric.utils.scatter_ existed only up to PyG 1.4.3; newer PyG builds MessagePassing on "
                "torch_scatter.scatter(..., reduce=). Replace the helper (note 'add' is spelled 'sum') or install PyG 1.4.3.")
        fix = ("scatter_(name, src, index, dim_size=n) -> torch_scatter.scatter(src, index, dim=0, dim_size=n, reduce=name)",
               "or: pip install torch-geometric==1.4.3 (with torch 1.4 and torch-scatter 1.4.0)")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "PyG utils.scatter_ removed in 1.5"})
    name = f"scatter_{op}" if op else "scatter"
    extra = ""
    exp, rec = facts.get("expected"), facts.get("received")
    if exp is not None and rec is not None:
        try:
            extra = (f" The call passed {int(rec)} arguments; the 2.x operator takes at most {int(exp)} "
                     f"(src, index, dim, out, dim_size): the {int(rec)}th is the old fill_value.")
        except (TypeError, ValueError):
            extra = ""
    if op in ("max", "min"):
        fill = (f"{name}(src, index, dim=0, out=torch.full((n, src.size(1)), fill_value)) if empty groups need a fill; "
                "otherwise drop fill_value (empty groups give 0)")
    else:
        fill = f"{name}(src, index, dim=0, dim_size=n)  # drop fill_value (empty slots are 0)"
    text = (f"{name} is called with the torch-scatter 1.x fill_value argument, which torch-scatter 2.0 removed.{extra}")
    return Explanation(text=text, fix=(fill, "or pin torch-scatter 1.x with the torch it was built for (e.g. torch 1.4 + torch-scatter 1.4.0)"),
                       derived={"diagnosis": f"fill_value removed in torch-scatter 2.0 ({name})"})
