"""Computed diagnosis for hf.trainer-fp16-no-cuda: transformers era from the wording and the device list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    devices = str(facts.get("devices") or "").strip().rstrip(".")
    if not devices:
        return None
    extra = [d for d in ("MLU", "NPU", "XPU", "HPU") if d in devices]
    if extra:
        era = "transformers 4.3x+ (accepts " + ", ".join(["CUDA"] + extra) + ")"
        note = f"This transformers also accepts {', '.join(extra)} devices, so none of those was detected either."
    else:
        era = "older transformers (CUDA only)"
        note = "This transformers accepts only CUDA devices for fp16."
    text = (f"--fp16 was requested but the resolved device is not {devices}. {note} PyTorch sees no GPU: check "
            "torch.cuda.is_available(), torch.version.cuda (None = CPU-only wheel) and CUDA_VISIBLE_DEVICES.")
    fix = ("Install a CUDA build of torch that the driver supports (pip install torch --index-url https://download.pytorch.org/whl/cu121, "
           "cuXXX per nvidia-smi) and make the GPU visible (CUDA_VISIBLE_DEVICES, docker --gpus all).",
           "On a machine without an NVIDIA GPU remove --fp16 (fp32), or on recent transformers use use_cpu=True with bf16=True.")
    return Explanation(text=text, fix=fix, derived={"era": era})
