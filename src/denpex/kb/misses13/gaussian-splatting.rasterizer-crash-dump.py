"""Computed diagnosis for gaussian-splatting.rasterizer-crash-dump: phase and inner CUDA error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    phase = str(facts.get("phase") or "")
    if not phase:
        return None
    phase = {"fw": "forward", "bw": "backward"}.get(phase, phase)
    dump = str(facts.get("dump_file") or ("snapshot_fw.dump" if phase == "forward" else "snapshot_bw.dump"))
    inner = str(facts.get("inner_error") or "").strip()
    low = inner.lower()
    fix: list[str] = []
    if "illegal memory access" in low:
        diag = "illegal memory access in the rasterizer"
        text = (f"The rasterizer {phase} pass read outside its buffers: usually NaN/Inf or extreme Gaussian parameters "
                "(diverged scales/positions) or bad cameras.")
        fix.append(f"python -c \"import torch; a=torch.load('{dump}'); print([i for i,t in enumerate(a) if torch.is_tensor(t) and t.is_floating_point() and not torch.isfinite(t).all()])\"  # which inputs hold NaN/Inf")
        fix.append("Lower learning rates / clamp scales, prune non-finite Gaussians, and update the rasterizer submodule.")
    elif "out of memory" in low:
        diag = "out of GPU memory in the rasterizer"
        text = f"The rasterizer {phase} pass ran out of GPU memory (too many Gaussians or too high a resolution)."
        fix.append("Train at lower resolution (-r 2/4) or raise densify_grad_threshold to keep fewer Gaussians.")
    elif "no kernel image" in low or "invalid device function" in low:
        diag = "extension built for another GPU"
        text = "The rasterizer extension has no kernels for this GPU."
        fix.append("TORCH_CUDA_ARCH_LIST=<your sm> pip install ./submodules/diff-gaussian-rasterization --force-reinstall --no-build-isolation")
    elif "invalid configuration" in low:
        diag = "kernel launched with an empty/invalid grid"
        text = "A rasterizer kernel got an invalid launch configuration: often zero Gaussians or zero rendered tiles."
        fix.append("Check that Gaussians remain (pruning) and that the camera sees them.")
    else:
        diag = f"rasterizer {phase} error"
        text = f"The rasterizer raised in {phase}; its inputs were saved to {dump}."
        if inner:
            text += f" Error: {inner}"
        fix.append(f"Inspect {dump} with torch.load for NaN/Inf values; rerun with CUDA_LAUNCH_BLOCKING=1.")
    derived = {"diagnosis": diag}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
