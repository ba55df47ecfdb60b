"""Computed diagnosis for mindspore.graph-task-failed: decode the ACL task return code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    507011: ("model execute failed", "a task inside the sunk graph failed; the Ascend Error Message / plog names the kernel"),
    507014: ("AI Core execution timeout", "a kernel ran too long or hung (often a collective waiting on another rank)"),
    507015: ("AI Core exception", "an AI Core kernel faulted, typically out-of-range indices/addresses or an operator bug"),
    507018: ("AI CPU exception", "an AI CPU kernel failed, often because AI CPU kernels of the installed CANN do not load (version mismatch)"),
    507033: ("task exception", "a device task reported an exception"),
    507899: ("driver inner error", "the driver reported an internal error; check the device health with npu-smi"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("retcode")
    fix = ["Read the 'Ascend Error Message' block after the RuntimeError; rerun with ASCEND_SLOG_PRINT_TO_STDOUT=1 ASCEND_GLOBAL_LOG_LEVEL=3 if it is empty.",
           "Check the CANN version pairs with the installed MindSpore (install table / project FAQ)."]
    if facts.get("getnext"):
        text = ("The failed device task is GetNext, the dataset sink's read of the next batch: the data pipeline did not deliver a "
                "batch in time (slow or stuck Python/C++ preprocessing, a worker that died) or the host-to-device transfer failed.")
        fix.insert(0, "Train with dataset_sink_mode=False to see the pipeline's own error, or reduce the batch size / "
                      "num_parallel_workers cost; check the first batch loads at all with create_dict_iterator().")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": "GetNext (dataset sink) task failed"})
    try:
        code = int(code)
    except (TypeError, ValueError):
        return Explanation(text="A device task failed; the Ascend Error Message block or the plog names the kernel and the reason.",
                           fix=tuple(fix), derived={"diagnosis": "device task failed"})
    name, why = _CODES.get(code, ("ACL error", "see the Ascend Error Message block"))
    text = f"The task returned ACL code {code} ({name}): {why}."
    if code == 507015:
        fix.insert(0, "Validate indices/labels fed to gather/embedding/one-hot ops (must be < the size) and find the kernel with PYNATIVE_MODE.")
    if code == 507018:
        fix.insert(0, "Install the CANN toolkit that matches MindSpore and source /usr/local/Ascend/ascend-toolkit/set_env.sh.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f"retcode {code}, {name}"})
