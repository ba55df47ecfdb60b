"""Computed diagnosis for openvino.runtime-error: what the GPU plugin / runtime message means here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MEMORY = ("CL_OUT_OF_RESOURCES", "CL_OUT_OF_HOST_MEMORY", "CL_MEM_OBJECT_ALLOCATION_FAILURE", "CL_INVALID_BUFFER_SIZE")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    error = str(facts.get("error") or "")
    call = str(facts.get("call") or "")
    code = facts.get("code")
    location = str(facts.get("location") or "")
    check = str(facts.get("check") or "")
    if "ProgramBuilder" in error:
        return Explanation(
            text=("The Intel GPU plugin could not compile the model's OpenCL kernels for this GPU at compile_model time "
                  "(the OpenCL build log follows the message). This is a driver / OpenVINO / GPU-generation problem, not your input data."),
            fix=("Update the Intel GPU driver and OpenVINO; if the failure started after an OpenVINO upgrade, pin the last working release (pip install openvino==<previous>).",
                 "Meanwhile compile on 'CPU' (or 'AUTO'), or try core.compile_model(model, 'GPU', {'INFERENCE_PRECISION_HINT': 'f32'}).",
                 "Report the model and the build log to openvinotoolkit/openvino if it persists with the newest driver."),
            derived={"what": "[GPU] ProgramBuilder build failed - the GPU plugin could not compile kernels for this GPU"})
    if error.startswith("CL_"):
        name = f"{call} returned {code} {error}" if call else error
        if error in _MEMORY:
            text = (f"An OpenCL call of the GPU plugin failed ({name}): the GPU - for integrated GPUs, shared system RAM - ran out of memory "
                    "or the driver reset the GPU after a hang.")
            fix = ("Lower resolution / batch / sequence length, use an int8 or fp16 model, and unload other models; on iGPUs free system RAM.",
                   "If it happens at random points, update the GPU driver (Windows: a long kernel can trigger a TDR reset); restart the process - the GPU context is lost.")
        else:
            text = f"An OpenCL call of the GPU plugin failed ({name})."
            fix = ("Update the GPU driver and OpenVINO; retry on 'CPU' to confirm the GPU path is at fault.",)
        return Explanation(text=text, fix=fix, derived={"what": f"[GPU] {name}"})
    if error.startswith("ZE_RESULT_"):
        name = f"L0 {call} -> {error}" if call else error
        return Explanation(
            text=(f"The Intel NPU plugin called the NPU driver through Level Zero and the call failed ({name}). The graph is compiled by the "
                  "compiler inside the NPU driver, so this is the driver rejecting the model or the OpenVINO/driver pair not matching: "
                  "INVALID_ARGUMENT from pfnCreate/zeGraphCreate usually means the driver's compiler cannot take this model (dynamic shapes, "
                  "an op or precision the NPU compiler lacks) or is older than the OpenVINO release that produced the request."),
            fix=("Update the Intel NPU driver (Windows: Intel NPU driver package; Linux: intel/linux-npu-driver release matching your OpenVINO) and use the OpenVINO version it lists as supported.",
                 "Give the NPU a static-shape model (model.reshape({...}) to fixed sizes before compile_model); compile on 'CPU' or 'GPU' meanwhile."),
            derived={"what": f"NPU driver call failed: {name}"})
    device = str(facts.get("device") or "")
    if device:
        reason = str(facts.get("reason") or "")
        text = (f"The AUTO plugin picked {device} and compiling the model there failed, with no other device left to fall back to; "
                f"the {device} plugin's own error follows the message.")
        fix = [f"Compile on '{device}' directly to see the full error, and try another device ('GPU', 'CPU') to isolate it."]
        if reason == "bad combination":
            text += (" 'bad combination' is the Xbyak JIT assembler refusing an instruction the CPU plugin generated: a CPU-plugin build problem "
                     "(a self-built or repackaged OpenVINO, or a CPU/ISA the build mishandles), not the model - the same model compiles with the official release.")
            fix.insert(0, "Use the official OpenVINO binaries of the same version (pip/archive release used by Python) for the C++ program instead of a self-built or package-manager build.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": f"[AUTO] compile on {device} failed" + (f": {reason}" if reason else "")})
    if location:
        where = location.replace("\\", "/")
        text = f"An internal OpenVINO check failed (Check '{check}' at {where}); the cause is printed on the lines after it."
        fix: tuple[str, ...]
        if "infer_request" in where:
            text += " In infer_request this is almost always the inputs: count, names, shapes or element types differ from the compiled model."
            fix = ("print(compiled_model.inputs) and compare with the tensors you pass (shape, dtype); reshape the model or convert inputs (np.int64 vs int32, float32).",
                   "For dynamic shapes export with dynamic axes or call model.reshape(...) before compile_model.")
        elif "intel_gpu" in where:
            fix = ("GPU plugin check: update driver/OpenVINO, or run on 'CPU' to confirm.",)
        else:
            fix = ("Read the message after the 'Check ... failed at' line; try the newest OpenVINO and 'CPU' to isolate the device.",)
        return Explanation(text=text, fix=fix, derived={"what": f"Check '{check}' failed at {where}"})
    return None
