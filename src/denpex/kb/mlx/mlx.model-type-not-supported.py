"""Computed diagnosis for mlx.model-type-not-supported: which package, and is it a vision model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VISION = ("_vl", "vl_", "_v", "vision", "llava", "pixtral", "idefics", "paligemma", "florence", "mllama",
           "molmo", "smolvlm", "kimi_vl", "internvl", "deepseek_vl", "aya_vision", "gemma3n")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mt = str(facts.get("model_type") or "").strip()
    pkg = str(facts.get("package") or "").strip()
    if facts.get("_signature") == "keyerror-model-type":
        pip = (pkg or "mlx_lm").replace("_", "-")
        text = (f"{pip} read config.json to pick the architecture, but the file has no \"model_type\" key: the folder is not "
                "a transformers-style model (an adapter, a GGUF/diffusers/embedding repo, a partial download) or its "
                "config.json nests the text model's settings under another key.")
        fix = ("Open the model folder's config.json and check for \"model_type\"; re-download the repo if the file is truncated or missing.",
               "Point the loader at the base model folder (for LoRA adapters pass the base model and --adapter-path), "
               "or use an mlx-community conversion of the model, whose config.json carries model_type.")
        return Explanation(text=text, fix=fix, derived={"package": pkg or "mlx_lm (assumed)"})
    if not mt:
        return None
    pip = (pkg or "mlx_lm").replace("_", "-")
    vision = mt.endswith("_v") or any(v in mt for v in _VISION if v != "_v")
    if vision and pkg in ("", "mlx_lm"):
        text = (f"model_type '{mt}' looks like a vision-language architecture: mlx-lm (and llm-mlx) only implement "
                "text models, these live in mlx-vlm.")
        fix = (f"pip install -U mlx-vlm && python -m mlx_vlm generate --model MODEL --image IMG --prompt '...'",
               "or, if mlx-lm added a text-only path for it, pip install -U mlx-lm")
    else:
        where = f"{pkg}.models.{mt}" if pkg else f"mlx_lm.models.{mt}"
        text = (f"The installed {pip} has no module {where}: the release is older than the '{mt}' architecture, "
                "or no MLX port of it exists yet.")
        fix = (f"pip install -U mlx {pip} (LM Studio: update the MLX engine; llm: llm install -U {pip})",
               f"if the newest release still lacks it: pip install git+https://github.com/ml-explore/mlx-lm for a port on main, "
               f"or search the {pip} issues for '{mt}'")
    return Explanation(text=text, fix=fix, derived={"package": pkg or "mlx_lm (assumed)"})
