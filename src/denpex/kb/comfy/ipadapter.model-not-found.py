"""Computed diagnosis for ipadapter.model-not-found: which file the IPAdapter loader looked for and where it goes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHAT = {
    "clipvision": (
        "the CLIP Vision encoder",
        "ComfyUI/models/clip_vision",
        "Download the encoder into ComfyUI/models/clip_vision and name it exactly "
        "CLIP-ViT-H-14-laion2B-s32B-b79K.safetensors (VIT-G presets: CLIP-ViT-bigG-14-laion2B-39B-b160k.safetensors), then restart ComfyUI.",
    ),
    "ipadapter": (
        "the IP-Adapter weights for this preset and checkpoint family",
        "ComfyUI/models/ipadapter",
        "Put the IP-Adapter file for the preset into ComfyUI/models/ipadapter with the README name, for the family "
        "of the loaded checkpoint (_sd15 vs _sdxl), then restart ComfyUI.",
    ),
    "lora": (
        "the FaceID LoRA that goes with the FaceID IP-Adapter file",
        "ComfyUI/models/loras",
        "Put the matching ip-adapter-faceid-..._lora.safetensors into ComfyUI/models/loras (same family as the "
        "FaceID file), then restart ComfyUI.",
    ),
    "insightface": (
        "an insightface model (FaceID presets need face embeddings)",
        "ComfyUI's Python environment",
        "Install insightface into the Python that runs ComfyUI (portable: python_embeded\\python.exe -m pip install "
        "insightface, or a prebuilt wheel) and connect an IPAdapter InsightFace Loader or use the FaceID unified loader.",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    what = str(facts.get("what") or "").strip().lower()
    if what not in _WHAT:
        return None
    sig = facts.get("_signature") or ""
    desc, folder, fix0 = _WHAT[what]
    node = str(facts.get("node") or "").strip()
    where = f" in {node}" if node else ""
    derived: dict[str, Any] = {"missing": desc, "node": node or "the IPAdapter loader"}
    if sig in ("not-in-pipeline", "missing-clipvision-input"):
        text = (
            f"The IPAdapter apply node{where} got a pipeline without {desc}: the ipadapter input does not come "
            "from a unified loader, and no clip_vision input is connected."
        )
        fixes = [
            "Feed the apply node from IPAdapter Unified Loader, or connect Load CLIP Vision to its clip_vision input "
            "when you use IPAdapter Model Loader.",
            fix0,
        ]
        return Explanation(text=text, fix=tuple(fixes), derived=derived)
    text = (
        f"The IPAdapter loader{where} found no file for {desc} in {folder}: the unified loaders match file names "
        "against fixed patterns, so a missing, misplaced or renamed file gives this error."
    )
    fixes = [fix0]
    if what != "insightface":
        fixes.append(
            "Or skip the name matching: IPAdapter Model Loader + Load CLIP Vision connected to IPAdapter Advanced."
        )
    pack = str(facts.get("pack_dir") or "").strip()
    if pack:
        derived["pack_dir"] = pack
    return Explanation(text=text, fix=tuple(fixes), derived=derived)
