"""Computed diagnosis for executorch.backend-not-registered: which library/option provides the backend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# backend id in the .pte -> (CMake option, library to link whole-archive, what exports it)
_BACKENDS = {
    "XnnpackBackend": ("EXECUTORCH_BUILD_XNNPACK", "xnnpack_backend", "XnnpackPartitioner"),
    "CoreMLBackend": ("EXECUTORCH_BUILD_COREML", "coremldelegate", "CoreMLPartitioner"),
    "MPSBackend": ("EXECUTORCH_BUILD_MPS", "mpsdelegate", "MPSPartitioner"),
    "VulkanBackend": ("EXECUTORCH_BUILD_VULKAN", "vulkan_backend", "VulkanPartitioner"),
    "QnnBackend": ("EXECUTORCH_BUILD_QNN", "qnn_executorch_backend", "QnnPartitioner"),
    "ArmBackend": ("EXECUTORCH_BUILD_ARM_BAREMETAL", "executorch_delegate_ethos_u", "EthosUPartitioner"),
    "EthosUBackend": ("EXECUTORCH_BUILD_ARM_BAREMETAL", "executorch_delegate_ethos_u", "EthosUPartitioner"),
    "NeuropilotBackend": ("EXECUTORCH_BUILD_NEURON", "neuron_backend", "NeuropilotPartitioner"),
    "OpenvinoBackend": ("EXECUTORCH_BUILD_OPENVINO", "openvino_backend", "OpenvinoPartitioner"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = facts.get("backend")
    if not backend:
        return None
    state = str(facts.get("state") or "registered")
    option, lib, partitioner = _BACKENDS.get(str(backend), ("the backend's EXECUTORCH_BUILD_* option", "the backend library", "its partitioner"))
    if state == "available":
        diagnosis = f"{backend} linked but unavailable on this device"
        text = (f"{backend} is compiled in but reported itself unavailable here (unsupported OS version, missing device "
                "runtime libraries or hardware), so the delegated part of the .pte cannot be initialised.")
        fix = (f"Run on a device/OS that {backend} supports, or re-export without {partitioner} for this target.",)
    else:
        diagnosis = f"{backend} not linked into this runtime"
        text = (f"The .pte delegates work to {backend}, but this runtime has no backend registered under that name: "
                f"it was built without {option} or {lib} was linked without --whole-archive, so its registration was dropped. "
                "Loading the method then fails with 0x20 (NotFound).")
        fix = (f"C++/CMake: -D{option}=ON and link {lib} whole-archive (-Wl,--whole-archive {lib} -Wl,--no-whole-archive; -force_load on Apple).",
               f"Python: reinstall executorch with {backend} in the pybindings (CMAKE_ARGS=\"-D{option}=ON\").",
               f"Or re-export without {partitioner} for a runtime that only has portable kernels.")
    return Explanation(text=text, fix=fix, derived={"library": lib, "diagnosis": diagnosis})
