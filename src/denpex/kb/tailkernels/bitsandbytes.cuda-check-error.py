"""Computed diagnosis for bitsandbytes.cuda-check-error: read the CUDA error and the source file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("cuda_error") or "").strip()
    src = str(facts.get("source_file") or "")
    path = str(facts.get("path") or "")
    if not err:
        return None
    windows = "\\" in path or path[1:3] == ":\\"
    if "invalid device ordinal" in err and src.startswith("pythonInterface"):
        diagnosis = "paged optimizer prefetch unsupported"
        text = ("'invalid device ordinal' from pythonInterface.c is the paged optimizer's unified-memory prefetch, which "
                + ("this Windows build" if windows else "Windows and WSL2") + " do not support (no concurrent managed access).")
        fix = ("use optim='adamw_bnb_8bit' or 'adamw_torch' instead of a paged_* optimizer",
               "or pip install -U bitsandbytes")
    elif "illegal memory access" in err:
        diagnosis = "bitsandbytes kernel touched invalid memory"
        text = (f"A bitsandbytes kernel ({src}) accessed memory it does not own: tensors on another GPU than the current device "
                "(multi-GPU / device_map), a tensor too large for the kernel, or a binary not built for this GPU.")
        fix = ("CUDA_VISIBLE_DEVICES=0 python ...  # does a single GPU work?",
               "torch.cuda.set_device(tensor.device) before the bnb call, or pip install -U bitsandbytes")
    elif "no kernel image" in err or "invalid device function" in err:
        diagnosis = "bitsandbytes binary lacks this GPU architecture"
        text = f"The bitsandbytes binary has no kernels for this GPU ('{err}' in {src}): install a wheel built for its compute capability."
        fix = ("pip install -U bitsandbytes", "python -m bitsandbytes  # check the detected compute capability")
    elif "out of memory" in err:
        diagnosis = "GPU out of memory inside bitsandbytes"
        text = f"A bitsandbytes allocation failed ('{err}' in {src}): reduce batch size / sequence length or free GPU memory."
        fix = ("lower per_device_train_batch_size or max_seq_length",)
    else:
        diagnosis = f"CUDA error in bitsandbytes: {err}"
        text = f"The CUDA call at {src}:{facts.get('source_line', '?')} in bitsandbytes failed with '{err}'. Re-run with CUDA_LAUNCH_BLOCKING=1 to find the kernel."
        fix = ("CUDA_LAUNCH_BLOCKING=1 python ...", "pip install -U bitsandbytes")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
