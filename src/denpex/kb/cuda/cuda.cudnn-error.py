"""Computed diagnosis for cuda.cudnn-error: what this CUDNN status usually means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STATUS = (
    ("NOT_INITIALIZED", "the cuDNN handle could not be created: usually no free GPU memory, or libcudnn failed to load", ("Reduce the batch or free GPU memory; check that only one cuDNN is on LD_LIBRARY_PATH.",)),
    ("ALLOC_FAILED", "cuDNN could not allocate memory: the GPU is out of memory", ("Reduce batch size / resolution or free memory held by other processes.",)),
    ("INTERNAL_ERROR", "cuDNN failed internally; most often memory pressure or a libcudnn/framework mismatch", ("Try a smaller batch; print torch.backends.cudnn.version() and remove other cuDNN copies from LD_LIBRARY_PATH.",)),
    ("EXECUTION_FAILED", "the cuDNN kernel failed on the GPU, usually an earlier kernel's sticky error", ("Rerun with CUDA_LAUNCH_BLOCKING=1 to find the first failing kernel.",)),
    ("MAPPING_ERROR", "cuDNN could not access GPU memory, usually after an earlier memory fault", ("Rerun with CUDA_LAUNCH_BLOCKING=1 to find the earlier faulting kernel.",)),
    ("NOT_SUPPORTED", "cuDNN has no implementation for this input configuration (layout, dtype, size)", ("Call .contiguous() on the input, try another dtype, or reduce very large batch*channel sizes.",)),
    ("BAD_PARAM", "cuDNN rejected a parameter (shape, stride, descriptor)", ("Check the layer's input shape and strides; make the input contiguous.",)),
    ("ARCH_MISMATCH", "the operation needs a GPU feature this architecture lacks", ("Use a dtype/feature supported by the GPU or a newer GPU.",)),
    ("VERSION_MISMATCH", "the loaded libcudnn does not match the version the framework expects", ("Reinstall matching cuDNN (the wheel's nvidia-cudnn) and remove others from LD_LIBRARY_PATH.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = facts.get("cudnn_status")
    if not status and facts.get("_signature") in ("llmc-cudnn-error-at-file", "cudnn-frontend-bare", "llmc-check-support-assert"):
        what = str(facts.get("cudnn_frontend_message") or "no cuDNN attention plan for this GPU / head size")
        where = f" ({facts['cudnn_file']}:{facts['cudnn_line']})" if facts.get("cudnn_file") else ""
        return Explanation(
            text=(f"cuDNN's frontend could not build the flash-attention graph{where}: {what}. llm.c's USE_CUDNN=1 build needs a "
                  "cuDNN 9 / cudnn-frontend 1.x pair that supports this GPU and head size."),
            fix=("Rebuild without cuDNN attention (make train_gpt2cu without USE_CUDNN=1): slower attention, works everywhere.",
                 "Or upgrade cuDNN and cudnn-frontend together; CUDNN_LOGLEVEL_DBG=3 CUDNN_FRONTEND_LOG_INFO=1 show why no plan was built."),
            derived={"cudnn_status": "frontend: " + what})
    if not status:
        return None
    for key, meaning, fix in _STATUS:
        if str(status).startswith(key):
            detail = f" (sub-code {status})" if str(status) != key else ""
            return Explanation(text=f"CUDNN_STATUS_{key}{detail}: {meaning}.", fix=fix, derived={"cudnn_status_class": key})
    return Explanation(text=f"CUDNN_STATUS_{status}: cuDNN rejected or failed the call.", fix=("Rerun with CUDA_LAUNCH_BLOCKING=1 and a smaller batch to narrow it down.",))
