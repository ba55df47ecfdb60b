"""Computed diagnosis for mlx.missing-parameters: what kind of parameters are missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MM = ("vision", "visual", "audio", "multi_modal", "mm_projector", "embed_vision", "image_newline")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("missing") or facts.get("first_missing") or "").strip().rstrip(".")
    names = [n.strip(" ,.") for n in raw.replace(",", " ").split() if n.strip(" ,.")]
    count = facts.get("num_missing") or (len(names) if names else None)
    if not names and not count:
        return None
    shown = ", ".join(names[:4]) + (" ..." if len(names) > 4 else "")
    quant = bool(names) and all(n.endswith((".scales", ".biases")) for n in names)
    if quant and any(n.startswith("lm_head.") for n in names):
        kind = "quantized lm_head expected, checkpoint has it unquantized"
        text = ("The loader quantized lm_head (it expects lm_head.scales/.biases) but this checkpoint stores lm_head "
                "in full precision: it was converted by a different mlx-lm version than the one loading it.")
        fix = ("pip install -U mlx mlx-lm (or pin the pair the model was converted with)",
               "or re-convert: mlx_lm.convert --hf-path ORIGINAL_REPO -q --mlx-path NEW_DIR")
    elif quant:
        kind = "quantization layout mismatch"
        text = (f"Only quantization tensors are missing ({shown}): the config's quantization makes the loader quantize "
                "these layers but the checkpoint holds them unquantized - converter and runtime versions disagree "
                "(mixed / MXFP quantization on an older runtime).")
        fix = ("Upgrade the runtime: pip install -U mlx mlx-lm mlx-vlm (LM Studio: update the MLX engine)",
               "or use a checkpoint converted with the installed version")
    elif any(n.split(".")[0].startswith(_MM) or any(m in n for m in _MM) for n in names):
        kind = "multimodal component missing"
        text = (f"The model class has multimodal parts the checkpoint lacks ({shown}): runtime and checkpoint "
                "disagree on the architecture.")
        fix = ("Upgrade mlx-vlm / the MLX engine to a version that supports this checkpoint, or use the text-only "
               "conversion with mlx-lm",)
    elif count and int(count) > 20:
        kind = "many weights missing"
        text = f"{count} parameters are missing ({shown}): probably a safetensors shard was not downloaded."
        fix = ("Re-download every shard listed in model.safetensors.index.json (huggingface-cli download REPO --local-dir DIR)",)
    else:
        kind = "layers missing"
        text = (f"The checkpoint lacks {count or len(names)} parameter(s) the model class declares ({shown}): "
                "a tied lm_head, or a model_type mapped to a different architecture by this mlx-lm version.")
        fix = ("pip install -U mlx-lm; if the names are lm_head.weight, check tie_word_embeddings in config.json",)
    return Explanation(text=text, fix=fix, derived={"names": shown or "(see next lines)", "kind": kind,
                                                   "num_missing": count or len(names)})
