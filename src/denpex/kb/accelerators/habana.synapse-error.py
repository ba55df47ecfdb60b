"""Computed diagnosis for habana.synapse-error: the synStatus code and the phase it failed in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# synapse_common_types.h synStatus values (SynapseAI 1.x)
_SYN = {
    1: "synInvalidArgument", 3: "synOutOfHostMemory", 4: "synOutOfDeviceMemory", 7: "synCommandSubmissionFailure",
    8: "synNoDeviceFound", 9: "synDeviceTypeMismatch", 14: "synFailedToAllocateDeviceMemory",
    16: "synFailedNotEnoughDevicesFound", 17: "synDeviceReset", 18: "synUnsupported", 20: "synDeviceAlreadyAcquired",
    22: "synBusy", 25: "synInvalidTensorDimensions", 26: "synFail", 27: "synOutOfResources", 28: "synUninitialized",
    42: "synTimeout",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = facts.get("syn_status")
    name = str(facts.get("syn_name") or "").strip()
    node = facts.get("node")
    code = int(status) if status is not None else None
    enum = _SYN.get(code) if code is not None else None
    label = f"synStatus {code} [{name}]" if code is not None else "Device acquire failed"
    if enum:
        label += f" = {enum}"
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if node:
        derived["what"] = f"creating graph node '{node}' failed ({label})"
        text = (f"SynapseAI refused to create the graph node '{node}' ({label}). At node creation this means the op with these dtypes/shapes is not supported "
                "by the installed SynapseAI kernels, or the Python stack was built for another SynapseAI release than the driver/container.")
        fix += ["Compare pip list | grep -i habana with the driver version in hl-smi and use the Gaudi container/optimum-habana release validated for it.",
                f"Read $HABANA_LOGS for the '{node}' failure; try bf16 vs fp32, disabling HPU graphs, or PT_HPU_LAZY_MODE=0/1 to avoid the unsupported node."]
    elif str(facts.get("phase") or "").startswith("Device acquire"):
        derived["what"] = f"device acquire failed ({label})"
        if code in (8, 16):
            text = f"No usable Gaudi module was found ({label}): the process does not see /dev/accel* or every module failed to initialise."
            fix += ["Start the container with --runtime=habana -e HABANA_VISIBLE_DEVICES=all; check lsmod | grep habanalabs and dmesg for 'Device is NOT usable'.",
                    "Check HABANA_VISIBLE_MODULES / HABANA_VISIBLE_DEVICES name modules that exist on this host."]
        else:
            text = (f"The Gaudi module could not be acquired ({label}): a Gaudi module belongs to one process at a time, and another process - a previous run's "
                    "workers, a notebook kernel or another container - still holds it.")
            fix += ["Run hl-smi, stop the processes listed on the modules (or restart the notebook kernel / container), then rerun.",
                    "On shared nodes give each job its own modules with HABANA_VISIBLE_MODULES, or request exclusive nodes."]
    else:
        derived["what"] = f"graph compile failed ({label})"
        text = (f"The graph compiler failed ({label}). synFail here is generic: an unsupported node in the graph, device resources exhausted by a large graph, "
                "or a software stack whose versions do not match.")
        fix += ["Look in $HABANA_LOGS (graph_compiler / synapse_runtime logs) for the failing node; align habana_frameworks, optimum-habana and the driver release.",
                "Shrink the graph (smaller batch/bucket sizes, disable HPU graphs) to rule out resource exhaustion."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
