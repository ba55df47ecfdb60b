"""Computed diagnosis for ascend.aclnn-call-failed: aclnn status class and the input to change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    161001: ("ACLNN_ERR_PARAM_NULLPTR", "a required input/output tensor was passed as a null pointer (None)"),
    161002: ("ACLNN_ERR_PARAM_INVALID", "a dtype, format, rank or shape is not supported by this operator on this chip"),
    361001: ("ACLNN_ERR_RUNTIME_ERROR", "a CANN runtime API call failed inside the operator (device memory / stream)"),
    561000: ("ACLNN_ERR_INNER", "internal error, typically no kernel binary for this operator/dtype on this SoC"),
    561001: ("ACLNN_ERR_INNER_INFERSHAPE_ERROR", "shape inference rejected the input shapes"),
    561002: ("ACLNN_ERR_INNER_TILING_ERROR", "tiling rejected the shapes or attribute values"),
    561003: ("ACLNN_ERR_INNER_FIND_KERNEL_ERROR", "no kernel found for this dtype/shape on this SoC"),
    561103: ("ACLNN_ERR_INNER_NULLPTR", "internal null pointer, in reports a CANN kernels/toolkit vs driver vs torch_npu version mismatch"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("aclnn_code")
    op = str(facts.get("aclnn_op") or "the aclnn operator")
    detail = str(facts.get("detail") or "").strip()
    if not isinstance(code, int) and not detail:
        return None
    name, meaning = _CODES.get(code, (None, None)) if isinstance(code, int) else (None, None)
    if meaning is None and isinstance(code, int):
        cls = {161: "invalid parameter", 361: "runtime API failure", 561: "internal error"}.get(code // 1000)
        meaning = cls or "unknown status"
    text = f"{op} refused the call"
    if isinstance(code, int):
        text += f" with status {code}" + (f" ({name})" if name else "") + f": {meaning}."
    else:
        text += "."
    if detail:
        text += f" CANN says: {detail}"
    fix: list[str] = []
    derived: dict[str, Any] = {}
    up = detail.upper()
    rejected = re.search(r"NOT IMPLEMENTED FOR (DT_[A-Z0-9_]+)", up)
    allowed = re.search(r"SUPPORT LIST \[([A-Z0-9_, ]{1,200})", up)
    if rejected:
        derived["rejected_dtype"] = rejected.group(1)
    if rejected and allowed:
        opts = [a.strip() for a in allowed.group(1).split(",") if a.strip()]
        fix.append(f"The tensor is {rejected.group(1)}; cast it to one of {', '.join(opts)} before {op} "
                   "(for quantized models: the scale/offset dtype the quantization config or converter produced).")
    if (rejected and rejected.group(1) == "DT_BFLOAT16") or ("BFLOAT16" in up and "NOT SUPPORT" in up):
        fix.append("Use float16 instead of bfloat16 for this model on this NPU (Atlas 300I/310P has no bf16).")
    if "DIMENSION" in up:
        fix.append("Reshape/flatten the tensor to at most 8 dimensions before this op.")
    if ("NOT IMPLEMENTED FOR" in up or "DTYPE SUPPORT LIST" in up) and not (rejected and allowed):
        fix.append("Cast the named tensor to one of the dtypes in the support list printed by CANN.")
    if "BINARY" in up or code in (561000, 561003):
        fix.append("Install the Ascend-cann-kernels package for this chip matching the CANN toolkit version.")
    if code == 561103:
        fix.append("Align CANN toolkit + kernels, NPU driver/firmware and torch_npu versions (or use the matching vllm-ascend/sglang image).")
    if code == 161001:
        fix.append(f"Pass every required tensor to {op}; an optional argument left as None is required here.")
    if code in (161002, 561001, 561002) and not fix:
        fix.append("Rerun with ASCEND_LAUNCH_BLOCKING=1 ASCEND_SLOG_PRINT_TO_STDOUT=1 to see the EZ1001 reason, then cast/reshape that input.")
    if not fix:
        fix.append("Check the EZ line under the error and the CANN / driver / torch_npu version match.")
    if name:
        derived["aclnn_status_name"] = name
    return Explanation(text=text, fix=tuple(fix), derived=derived)
