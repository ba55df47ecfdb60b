"""Computed diagnosis for coreml.op-conversion-error: advice per failing op kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIZE_OPS = {"full", "zeros", "ones", "empty", "expand", "reshape", "view", "new_full", "new_zeros", "arange", "repeat"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    loc = str(facts.get("location") or "")
    if not op:
        return None
    where = f" in module '{loc}'" if loc else ""
    base = op.split("::")[-1].strip("_")
    if "inplace_copy" in op or base.endswith("copy") or base in {"index_put", "slice_scatter", "select_scatter"}:
        diagnosis = "in-place slice assignment"
        text = f"The converter for '{op}'{where} failed: it comes from an in-place write (x[...] = y) in forward()."
        fix = ("Replace the in-place assignment with torch.cat / torch.where / torch.stack so the traced graph is functional.",)
    elif base in _SIZE_OPS:
        diagnosis = "size argument not a constant"
        text = (f"The converter for '{op}'{where} failed: its size/shape argument is computed at run time "
                "(tensor.shape/size()) in the traced graph.")
        fix = ("Use constant sizes in that module for export (or trace with the fixed deployment shape), "
               "e.g. torch.full((1, 17, 64), v) instead of torch.full(x.shape[:2] + (64,), v).",)
    else:
        diagnosis = "op converter raised on this node"
        text = f"The coremltools converter for '{op}'{where} raised; the traceback's last line is its reason."
        fix = ("Check the argument shapes/dtypes of that op in the module, pin the torch version coremltools was tested with, "
               "or upgrade coremltools.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
