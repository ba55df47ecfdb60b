"""Computed diagnosis for rocm.miopen-error: which MIOpen failure class the detail line shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "")
    status = str(facts.get("miopen_status") or "")
    fn = str(facts.get("miopen_fn") or "")
    low = detail.lower()
    if "no suitable algorithm" in low or "incorrect params" in low:
        return Explanation(
            text=(f"MIOpen has no solver for this convolution on this GPU ('{detail.strip()}'); "
                  "typical for 3-D convolutions (video/audio VAEs) and very large decodes on Radeon (RDNA) GPUs."),
            fix=("Wrap the failing module (often the VAE decode) in torch.backends.cudnn.flags(enabled=False) or set torch.backends.cudnn.enabled = False.",
                 "Use tiled VAE decode / fewer frames or lower resolution.",
                 "Update ROCm / PyTorch ROCm; newer MIOpen adds solvers for RDNA."),
            derived={"failure_class": "no solver"},
        )
    if "code object build failed" in low or "comgr" in low or fn in ("SetIsaName", "BuildOcl", "BuildHip") or "hiprtc" in low:
        return Explanation(
            text=f"MIOpen could not compile its kernel for this GPU ({fn + ': ' if fn else ''}{detail.strip()}).",
            fix=("Check rocminfo | grep gfx and HSA_OVERRIDE_GFX_VERSION: unset it on supported GPUs or set the matching family (10.3.0 / 11.0.0).",
                 "Install the ROCm development packages (hip-dev, rocm-llvm) so hipRTC/comgr can compile, then rm -rf ~/.cache/miopen."),
            derived={"failure_class": "kernel compile"},
        )
    if "workspace" in low or status == "miopenStatusAllocFailed":
        return Explanation(
            text="MIOpen could not get the workspace/memory its solver needs.",
            fix=("Reduce batch/resolution or enable tiled decoding; free GPU memory before the step.",),
            derived={"failure_class": "workspace/memory"},
        )
    if status:
        return Explanation(
            text=f"PyTorch received {status} from MIOpen; the reason is on the 'MIOpen Error:' line before it (rerun with MIOPEN_LOG_LEVEL=4 if absent).",
            fix=("Retry with torch.backends.cudnn.enabled = False to confirm MIOpen is at fault.",),
            derived={},
        )
    return None
