"""Computed diagnosis for mlx.unexpected-parameters: which kind of tensors the model does not declare."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MM = ("vision", "visual", "audio", "multi_modal", "mm_projector", "embed_vision", "embed_audio", "image_newline")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("extras") or facts.get("first_extra") or "").strip().rstrip(".")
    names = [n.strip(" ,.") for n in raw.replace(",", " ").split() if n.strip(" ,.")]
    count = facts.get("num_extra") or (len(names) if names else None)
    if not names and not count:
        return None
    shown = ", ".join(names[:4]) + (" ..." if len(names) > 4 else "")
    if any(any(m in n.split(".")[0] or n.startswith(m) for m in _MM) for n in names):
        kind = "multimodal tower in a text-only model"
        text = (f"The checkpoint carries vision/audio tensors ({shown}) that the loaded model class does not have: "
                "a multimodal checkpoint went to a text-only loader (mlx_lm) or to a version whose sanitize() "
                "does not strip this tower yet.")
        fix = ("Load it with mlx-vlm: python -m mlx_vlm generate --model MODEL --prompt ...",
               "or pip install -U mlx-lm if you only need the text model and a newer release supports it")
    elif names and all(n.endswith((".scales", ".biases")) for n in names):
        kind = "quantized tensors in an unquantized model"
        text = (f"The extra tensors are quantization scales/biases ({shown}): the weights are quantized but the "
                "model was not quantized the same way - not an MLX-format quantization, or config.json lacks the "
                "matching quantization block, or the runtime predates this per-layer quantization.")
        fix = ("Use an MLX-format conversion (mlx-community/...) or convert the bf16 original: mlx_lm.convert --hf-path REPO -q",
               "pip install -U mlx mlx-lm mlx-vlm")
    elif names == ["lm_head.weight"]:
        kind = "separate lm_head with tied embeddings"
        text = ("The checkpoint stores lm_head.weight although the model ties it to the embeddings "
                "(tie_word_embeddings true), so the model has no lm_head parameter.")
        fix = ("Upgrade mlx-lm (newer sanitize() drops it) or remove lm_head.weight from the safetensors after checking it equals embed_tokens.weight",)
    else:
        kind = "architecture newer than the model code"
        text = (f"{count or len(names)} tensor(s) ({shown or 'see the lines below'}) have no parameter in the installed "
                "model class: the checkpoint is a newer or different variant than this mlx-lm/mlx-vlm supports.")
        fix = ("pip install -U mlx mlx-lm mlx-vlm (LM Studio: update the MLX engine), then reload or re-convert",)
    return Explanation(text=text, fix=fix, derived={"names": shown or "(see next lines)", "kind": kind,
                                                   "num_extra": count or len(names)})
