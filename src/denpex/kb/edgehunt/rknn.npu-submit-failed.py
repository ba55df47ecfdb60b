"""Computed diagnosis for rknn.npu-submit-failed: where in the model the NPU stopped and the versions involved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def _major_minor(v: str) -> tuple[int, int] | None:
    parts = v.split(".")
    try:
        return int(parts[0]), int(parts[1])
    except (IndexError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op_name = str(facts.get("op_name") or "")
    op_id = as_int(facts.get("op_id"))
    if not op_name and op_id is None:
        return None
    counter = as_int(facts.get("run_counter"))
    total = as_int(facts.get("task_number"))
    rt = str(facts.get("runtime_version") or "")
    drv = str(facts.get("driver_version") or "")
    tk = str(facts.get("toolkit_version") or "")
    parts: list[str] = []
    fix: list[str] = []
    if tk and rt and _major_minor(tk) != _major_minor(rt):
        diagnosis = f"model compiled by toolkit {tk}, board runtime {rt}"
        parts.append(f"The model was compiled by rknn-toolkit2 {tk} but the board runs librknnrt {rt}: their task formats differ.")
        fix.append(f"Recompile the model with rknn-toolkit2 {rt} or install librknnrt {tk} on the board (same release for both).")
    elif op_name.startswith("OutputOperator"):
        diagnosis = "failed at an output operator"
        parts.append(f"The failure is at {op_name}, the model's output stage: the output buffers probably do not match the model "
                     "(float model handled as int8, wrong size, want_float / pass_through settings).")
        fix.append("Allocate outputs from rknn_query(RKNN_QUERY_OUTPUT_ATTR) (type and size) and use the matching want_float setting.")
    elif counter == 0:
        diagnosis = "NPU rejected the first task batch"
        parts.append(f"No task of this batch ran (run task counter 0) and it failed at {op_name or 'op ' + str(op_id)}: the driver/runtime "
                     "cannot execute what the compiler produced (toolkit/runtime/driver mismatch or wrong target_platform), or the NPU "
                     "was left hung by an earlier interrupted run.")
        fix.append("Use the same rknn-toolkit2 and librknnrt release, a supported NPU driver and the board's target_platform; reboot to clear a hung NPU.")
    else:
        diagnosis = f"failed mid-model at {op_name or op_id}"
        ran = f" after {counter} of {total} tasks" if counter is not None and total is not None else ""
        parts.append(f"The NPU stopped at {op_name or 'op ' + str(op_id)}{ran}: a concurrent run on the same context, a buffer mismatch, or "
                     "an op this toolkit/runtime version handles wrongly.")
        fix.append("Make sure one thread at a time calls rknn_run on this context (rknn_dup_context per thread), then try a newer toolkit2 + runtime pair.")
    if rt or drv:
        parts.append(f"Board: librknnrt {rt or '?'}, NPU driver {drv or '?'}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
