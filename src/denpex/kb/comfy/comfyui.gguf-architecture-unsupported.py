"""Computed diagnosis for comfyui.gguf-architecture-unsupported: what the GGUF architecture string says about the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# image-model families ComfyUI-GGUF added over time (an old pack rejects them)
_NEW_IMAGE = {
    "hyvid": "HunyuanVideo",
    "wan": "Wan 2.x video",
    "cosmos": "NVIDIA Cosmos",
    "ltxv": "LTX-Video",
    "hidream": "HiDream",
    "qwen_image": "Qwen-Image",
    "lumina2": "Lumina 2",
    "sd3": "SD3/SD3.5",
    "aura": "AuraFlow",
    "chroma": "Chroma",
}
# LLM / text-encoder architectures (belong to a CLIP GGUF loader or to an LLM runtime)
_TEXT = {"llama", "qwen2", "qwen2vl", "qwen3", "qwen3vl", "gemma", "gemma2", "gemma3", "gemma4", "t5", "t5encoder", "umt5", "mistral", "phi3"}
_FORK = {"pig"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arch = str(facts.get("arch") or "").strip()
    if not arch:
        return None
    low = arch.lower()
    sig = facts.get("_signature") or ""
    expected = str(facts.get("expected") or "").strip().rstrip(",")
    derived: dict[str, Any] = {"arch": arch}
    if expected:
        derived["accepted"] = expected
    update = (
        "Update ComfyUI-GGUF (cd ComfyUI/custom_nodes/ComfyUI-GGUF && git pull, or Manager > Update) and ComfyUI, then restart."
    )
    if sig == "text-model":
        text = (
            f"The GGUF text-encoder loader does not support the text model architecture '{arch}'."
        )
        fixes = [update, f"Or use a text encoder the workflow expects in a supported format (safetensors, or a GGUF whose architecture the pack lists); '{arch}' may simply not be supported yet."]
        return Explanation(text=text, fix=tuple(fixes), derived=derived)
    if low in _FORK:
        text = (
            f"The file declares architecture '{arch}', a string written by a fork converter, not one ComfyUI-GGUF uses; "
            "the weights may be standard but the header is not."
        )
        fixes = [
            "Re-download the model from a repository made with ComfyUI-GGUF's converter (e.g. city96 / QuantStack GGUFs) - the same quantization exists there.",
            "Or load it with the node pack that made it.",
        ]
        return Explanation(text=text, fix=tuple(fixes), derived=derived)
    if low in _TEXT:
        text = (
            f"'{arch}' is a language-model / text-encoder architecture, but the file was given to the diffusion-model "
            "(Unet) GGUF loader."
        )
        fixes = [
            "Load text encoders with CLIPLoader (GGUF) / DualCLIPLoader (GGUF) from models/text_encoders (clip).",
            "An LLM GGUF for chat belongs in a llama.cpp-based node, not in the ComfyUI-GGUF Unet loader.",
        ]
        return Explanation(text=text, fix=tuple(fixes), derived=derived)
    fam = _NEW_IMAGE.get(low)
    old = bool(expected) and low not in expected.replace(" ", "").split(",")
    if fam:
        text = f"The file is a {fam} GGUF ('{arch}'); the installed ComfyUI-GGUF does not list it yet"
    else:
        text = f"The file declares architecture '{arch}', which the installed ComfyUI-GGUF does not list"
    if expected:
        text += f" (it accepts only {expected})"
    text += "."
    fixes = [update]
    if old:
        fixes.append("This accepted list is from an old release: after updating, the current pack accepts many more families.")
    fixes.append("If the newest pack still rejects it, the family is not supported yet (or the file comes from a non-standard converter): use a safetensors version of the model.")
    return Explanation(text=text, fix=tuple(fixes), derived=derived)
