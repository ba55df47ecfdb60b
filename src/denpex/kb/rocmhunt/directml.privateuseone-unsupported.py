"""Computed diagnosis for directml.privateuseone-unsupported: which API refused the DirectML device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "generator-unsupported":
        return Explanation(
            text=("torch.Generator was created on the DirectML device (privateuseone), which has no random generator in this "
                  "torch/torch-directml pair; SDE samplers (torchsde BrownianTree) and GPU seed sources do this."),
            fix=("Generate noise on the CPU: torch.Generator('cpu'); A1111/Forge: Settings > Random number generator source = CPU.",
                 "Fooocus/ComfyUI: choose a sampler without '_sde' (e.g. dpmpp_2m instead of dpmpp_2m_sde_gpu) or update the app."),
            derived={"api": "torch.Generator"},
        )
    if sig == "dispatchkey-privateuse1":
        op = facts.get("op") or "a legacy constructor"
        return Explanation(
            text=f"{op}() only accepts CPU/CUDA-like dispatch keys; a DirectML (PrivateUse1) tensor was passed.",
            fix=(f"Replace tensor.{op}(...) by tensor.new_empty/new_zeros(...) or torch.empty(..., device=tensor.device)."
                 if facts.get("op") else "Use torch.empty/zeros(..., device=tensor.device) instead of the legacy constructor.",
                 "Upgrade transformers / the library whose frame calls it."),
            derived={"api": f"{op}()"},
        )
    if sig == "dml-unbox-cpu-tensor":
        return Explanation(
            text="A DirectML kernel received a tensor that is still on the CPU (often an int64 index / token tensor or one created inside forward without device=).",
            fix=("Move every input to the DirectML device (x.to(torch_directml.device())) and create internal tensors with device=x.device.",
                 "Cast int64 index tensors to int32 if the op has no int64 DirectML kernel."),
            derived={"api": "DirectML kernel input"},
        )
    if sig == "cuda-api-got-privateuseone":
        return Explanation(
            text="A torch.cuda.* helper was called with the DirectML device; that code path assumes CUDA.",
            fix=("Run the app in its DirectML mode (--directml / --use-directml) or guard the call with device.type == 'cuda'.",
                 "On Windows with a Radeon, ZLUDA or ROCm builds present the GPU as 'cuda' instead."),
            derived={"api": "torch.cuda"},
        )
    return None
