"""Computed diagnosis for executorch.missing-operator: which op, and the likely reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BASIC = ("aten::add.out", "aten::mul.out", "aten::sub.out", "aten::mm.out", "aten::addmm.out", "aten::_softmax.out",
          "aten::view_copy.out", "aten::permute_copy.out", "aten::convolution.out")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "").strip()
    count = facts.get("missing_count")
    if not op:
        if count is None:
            return None
        return Explanation(text=f"{count} instruction(s) of the .pte have no registered kernel; the 'Missing operator' lines above name them.",
                           fix=("Link the kernel libraries whole-archive or add the ops to the selective build.",))
    if op in _BASIC:
        text = (f"Even the basic kernel {op} is missing: the runtime was linked without any kernel library "
                "(or without --whole-archive, so the registrations were dropped).")
        fix = ("Link portable_ops_lib (or optimized_native_cpu_ops_lib) with -Wl,--whole-archive ... -Wl,--no-whole-archive.",)
    elif "dropout" in op:
        text = f"{op} is in the program because the model was exported in training mode."
        fix = ("Call model.eval() before torch.export.export(...) and re-export the .pte.",)
    else:
        text = f"The runtime has no kernel registered for {op}."
        fix = (f"Add {op} to the selective build op list (or build all portable/optimized ops).",
               f"Or keep {op} out of the runtime graph: delegate it (XnnpackPartitioner) or decompose it at export time.")
    return Explanation(text=text, fix=fix, derived={"op": op})
