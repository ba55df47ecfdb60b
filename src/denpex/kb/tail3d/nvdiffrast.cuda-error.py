"""Computed diagnosis for nvdiffrast.cuda-error: interop vs kernel failure from the call and the code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NAMES = {
    2: "cudaErrorMemoryAllocation", 98: "cudaErrorInvalidDeviceFunction", 209: "cudaErrorNoKernelImageForDevice",
    219: "cudaErrorInvalidGraphicsContext", 400: "cudaErrorInvalidResourceHandle", 700: "cudaErrorIllegalAddress",
    701: "cudaErrorLaunchOutOfResources", 719: "cudaErrorLaunchFailure", 801: "cudaErrorNotSupported",
    999: "cudaErrorUnknown", 1: "cudaErrorInvalidValue", 3: "cudaErrorInitializationError",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts["cuda_error"])
    except (KeyError, TypeError, ValueError):
        return None
    call = str(facts.get("cuda_call") or "")
    name = _NAMES.get(code, f"cudaError {code}")
    if call.startswith("cudaGraphics"):
        diagnosis = ": OpenGL interop failed (GL context not NVIDIA's on this CUDA GPU)"
        text = (f"{call} returned {code} ({name}): the OpenGL rasterizer (RasterizeGLContext) could not share its buffers "
                "with CUDA. The GL/EGL context is not created by the NVIDIA driver on the same GPU as the CUDA device "
                "(headless node, container without graphics capability, Mesa EGL, or CUDA_VISIBLE_DEVICES remapping).")
        fix = ("Use glctx = dr.RasterizeCudaContext() instead of dr.RasterizeGLContext().",
               "Or run with the NVIDIA EGL on the same GPU (NVIDIA_DRIVER_CAPABILITIES=all in Docker; check eglinfo).")
    elif code in (700, 719):
        diagnosis = ": rasterizer kernel faulted (invalid geometry or indices)"
        text = (f"{call or 'a kernel launch'} failed with {code} ({name}): a CudaRaster kernel read out of bounds. Usual inputs: "
                "NaN/inf clip-space positions, triangle indices >= number of vertices, int64 or non-contiguous tri.")
        fix = ("Check torch.isfinite(pos).all() and tri.max() < pos.shape[-2]; pass tri as int32 contiguous.",
               "Rerun with CUDA_LAUNCH_BLOCKING=1 to pin the failing call.")
    elif code in (98, 209):
        diagnosis = ": plugin has no kernels for this GPU"
        text = f"{call or 'a kernel launch'} failed with {code} ({name}): the nvdiffrast plugin was built for another GPU architecture."
        fix = ("Upgrade nvdiffrast, delete the cached nvdiffrast_plugin under ~/.cache/torch_extensions and rebuild with TORCH_CUDA_ARCH_LIST for this GPU.",)
    elif code == 2:
        diagnosis = ": GPU out of memory"
        text = f"{call or 'a CUDA call'} failed with 2 ({name}): not enough GPU memory for this resolution/mesh."
        fix = ("Lower the render resolution, batch or mesh size.",)
    else:
        diagnosis = f" ({name})"
        text = f"{call or 'a CUDA call'} failed with {code} ({name})."
        fix = ("Rerun with CUDA_LAUNCH_BLOCKING=1; if the call is a cudaGraphics* interop call, try dr.RasterizeCudaContext().",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
