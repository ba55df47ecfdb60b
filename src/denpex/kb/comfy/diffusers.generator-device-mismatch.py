"""Computed diagnosis for diffusers.generator-device-mismatch: the two devices and the generator line to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    device = str(facts.get("device") or "").strip()
    gen = str(facts.get("generator_device") or "").strip()
    if not device or not gen:
        return None
    base = device.split(":", 1)[0]
    if base == "cpu":
        why = (
            "the pipeline executes (or believes it executes) on the CPU: it was not moved to the GPU, an offload mode "
            "hides the GPU from a custom pipeline, or latents were handed in from system RAM"
        )
    elif base == "mps":
        why = "the pipeline runs on Apple MPS, where a CUDA generator cannot be used at all"
    else:
        why = f"the pipeline runs on {device}"
    text = f"Latents were requested on {device} with a {gen} torch.Generator; {why}."
    fixes = [
        "Seed with a CPU generator: generator = torch.Generator('cpu').manual_seed(seed) (valid for every device, same images on any GPU).",
    ]
    if base == "cpu":
        fixes.append("Or move the pipeline to the GPU (pipe.to('cuda')) when no offload is intended, or build the generator from pipe._execution_device.")
        fixes.append("In a ComfyUI/SD.Next wrapper: change the offload setting or update the node pack/diffusers.")
    elif base == "mps":
        fixes.append("On Apple Silicon never create CUDA generators: use 'cpu' (or 'mps' on recent torch).")
    return Explanation(text=text, fix=tuple(fixes), derived={"device": device, "generator_device": gen})
