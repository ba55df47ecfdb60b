"""Computed diagnosis for xpu.intel-error: what the SYCL/UR result code means and what to do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation

_MEMORY = ("OUT_OF_DEVICE_MEMORY", "OUT_OF_HOST_MEMORY", "OUT_OF_RESOURCES", "MEM_OBJECT_ALLOCATION_FAILURE")
_LOST = ("DEVICE_LOST", "DEVICE_NOT_AVAILABLE")
_SETUP = ("UNINITIALIZED", "PLATFORM_NOT_FOUND", "DEVICE_NOT_FOUND", "ADAPTER_SPECIFIC")
_KERNEL = ("INVALID_KERNEL_NAME", "BUILD_PROGRAM_FAILURE", "PROGRAM_BUILD_FAILURE", "INVALID_BINARY")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("error") or "")
    code = facts.get("code")
    up = err.upper()
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if facts.get("tried_to_allocate"):
        req, total, free = (parse_size(facts.get(k)) for k in ("tried_to_allocate", "total_capacity", "free"))
        derived["error"] = f"XPU out of memory ({facts['tried_to_allocate']})"
        text = f"The XPU caching allocator could not get {facts['tried_to_allocate']}."
        if req and total and req > total * 0.9:
            text += f" The single request is {req / total:.0%} of the device's {fmt_bytes(total)}: one tensor of that size cannot fit whatever else is freed."
            fix.append("Shrink the tensor that needs it (chunk the operation, smaller batch/sequence/resolution); no cache setting helps.")
        elif req and free is not None and free >= req:
            text += f" {fmt_bytes(free)} is reported free, more than the request: the driver refused the allocation anyway (fragmentation or a per-allocation limit; large single allocations may need the driver's relaxed-allocation setting)."
            fix.append("Split the allocation (chunked computation) or update torch/driver; with IPEX, large single buffers above ~4 GiB needed special flags.")
        else:
            fix.append("Reduce the batch/resolution, use float16/bfloat16, call torch.xpu.empty_cache() between runs.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if facts.get("fault_type"):
        ft, acc = facts.get("fault_type"), facts.get("access") or "access"
        derived["error"] = f"GPU page fault ({ft}, {acc}) at {facts.get('address')}"
        text = (
            f"A kernel on the Intel GPU made a {str(acc).lower()} to address {facts.get('address')}, which is not mapped for the context "
            f"(fault type {ft}); the driver banned the context and aborted the process. This is the GPU's segmentation fault: "
            "an out-of-bounds index or a buffer used after it was freed in some kernel, or a driver/runtime bug."
        )
        fix.extend([
            "Update the GPU driver (compute-runtime / level-zero) and torch XPU / IPEX together; faults that appear after some epochs are often fixed in newer drivers.",
            "Run the same step on CPU (device='cpu') to surface an out-of-bounds index as a Python IndexError; check custom/compiled kernels (torch.compile, cuequivariance) by disabling them.",
            "If it only happens late in training, reduce batch size or restart from a checkpoint while the driver issue is investigated.",
        ])
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if not err:
        return None
    name = f"{code} ({err})" if code is not None else err
    derived["error"] = name
    if facts.get("kernel_issue") or code == -996:
        text = "A kernel that uses double precision (float64) was sent to an Intel GPU without native fp64 (Arc A-series, most iGPUs)."
        fix += ["Keep tensors float32: t.float(), torch.set_default_dtype(torch.float32), numpy arrays .astype('float32') before .to('xpu').",
                "Or enable fp64 emulation before starting Python: export OverrideDefaultFP64Settings=1 IGC_EnableDPEmulation=1 (slow)."]
    elif any(k in up for k in _MEMORY) or code in (-5, -6, -4):
        text = f"The Level Zero driver refused an allocation or resource ({name}): device memory - or, for integrated GPUs, system RAM - is exhausted."
        fix += ["Reduce batch size / resolution / sequence length, use float16 or bfloat16, and call torch.xpu.empty_cache() between runs.",
                "On an iGPU close other applications; check free RAM while reproducing."]
    elif any(k in up for k in _LOST):
        text = f"The GPU was lost or became unavailable ({name}): a hang or reset detected by the driver (memory pressure, a kernel running past the Windows TDR timeout, or a driver bug). The device context is gone; every later call fails."
        fix += ["Update the Intel GPU driver; reduce memory use; on Windows a long-running kernel may need a larger TdrDelay.",
                "Restart the process after the change; if it repeats at random, check dmesg / Windows Event Viewer for GPU resets."]
    elif any(k in up for k in _SETUP):
        text = f"The SYCL runtime could not initialise the Intel GPU ({name}): the oneAPI runtime libraries in this environment do not match the installed driver or torch/IPEX build."
        fix += ["Install the matching pair from the PyTorch XPU / IPEX install guide (torch+xpu wheels bundle their runtime); remove conda oneAPI runtime packages of other versions (dpcpp-cpp-rt, level-zero).",
                "Check that sycl-ls lists a level_zero:gpu device and that the user is in the render group (Linux)."]
    elif any(k in up for k in _KERNEL):
        text = f"A kernel could not be found or built for this GPU ({name}): the binary was compiled ahead of time for other Intel GPU targets, or the driver's compiler failed."
        fix += ["Use a torch/IPEX build that supports this GPU generation, or update the driver (its IGC compiler builds the JIT kernels)."]
    elif "INVALID_ARG_VALUE" in up or code == -50:
        text = f"A kernel launch was rejected with {name}: an argument the driver does not accept, typically an unsupported dtype/operator on this GPU or a torch/IPEX/driver version mismatch."
        fix += ["Check the dtypes in the failing op (float64 and some integer ops are not supported on Arc); upgrade to a matched torch XPU / driver pair."]
    else:
        text = f"A SYCL/Level Zero call failed with {name}."
        fix += ["Update the GPU driver and torch XPU build together; reduce memory use; report with sycl-ls and pip list output if it persists."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
