"""Computed diagnosis for torch.numpy-unsupported-dtype: name the dtype and the conversion call, and give
the cast that fixes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    st = facts.get("scalar_type")
    if not st:
        return None
    call = facts.get("convert_call")
    fix: list[str] = []
    if st == "BFloat16" or st.startswith("Float8") or st in ("Half", "ComplexHalf"):
        target = "torch.complex64" if "Complex" in st else "torch.float32"
        text = f"NumPy has no {st} dtype, so a {st} tensor cannot be converted" + (f" by {call}" if call else "") + f". Cast it to {target} first (exact for bf16)."
        if call and call.endswith(".numpy()"):
            fix.append(f"{call[:-len('.numpy()')]}.detach().to({target}).numpy()")
        else:
            fix.append(f"Cast before converting: tensor.detach().to({target}).cpu().numpy()")
        if st == "BFloat16":
            fix.append("To keep the exact bits instead (exporters): tensor.view(torch.int16).numpy(), or save with safetensors.")
    else:
        text = f"PyTorch cannot map ScalarType {st} to a NumPy dtype" + (f" ({call})" if call else "") + "; dequantize or cast the tensor to a standard dtype first."
        fix.append("Use tensor.dequantize() for quantized tensors, or .to(torch.float32) / .to(torch.int64) before .numpy().")
    return Explanation(text=text, fix=tuple(fix), derived={"what": f"Tensor of dtype {st} converted to NumPy, which has no such dtype"})
