"""Computed diagnosis for torchao.subclass-op-not-implemented: what the named op says about the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    cls = str(facts.get("tensor_class") or "the torchao tensor subclass")
    if not op:
        return None
    base = op.replace("aten.", "").split(".")[0]
    if base in ("permute", "t", "transpose", "expand", "view", "reshape"):
        why = "a layout op on the packed weight, typically inductor freezing under torch.compile"
        fix = ("Set torch._inductor.config.freezing = False for the quantized model, or upgrade torchao.",)
    elif base in ("_has_compatible_shallow_copy_type", "copy_", "set_", "_to_copy", "to", "clone", "detach_"):
        why = "weights being assigned, copied or cast after quantize_ (a loader or .to()/.half() touching the quantized parameter)"
        fix = ("Load weights and move/cast the model first, then call quantize_ as the last step.",
               "In ComfyUI/accelerate flows use the loader's own torchao option instead of quantizing before loading.")
    elif base in ("linear", "mm", "addmm", "bmm", "matmul"):
        why = "no matmul kernel for this layout/dtype/device in the installed torchao"
        fix = ("Upgrade torchao (and a matching torch), or choose a config supported on this device (int8_weight_only on CPU).",)
    else:
        why = "an op torchao has not implemented for this quantized layout"
        fix = ("Upgrade torchao, or avoid applying this op to quantized weights (quantize last).",)
    return Explanation(text=f"{cls} has no implementation of {op}: {why}.", fix=fix, derived={"op_kind": base})
