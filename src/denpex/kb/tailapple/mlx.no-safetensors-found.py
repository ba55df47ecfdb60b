"""Computed diagnosis for mlx.no-safetensors-found: read what the searched folder path says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("model_path") or "").rstrip(".")
    if not path:
        return None
    low = path.lower()
    derived: dict[str, Any] = {}
    if ":" in path and "/" not in path.split(":", 1)[0] and not path.startswith(("/", ".")) and ":\\" not in path:
        repo = path.replace(":", "/", 1)
        derived["case"] = "malformed repo id"
        text = f"'{path}' uses ':' between organisation and model, so no such folder or repo resolves."
        fix = (f"Use the Hub id with a slash: {repo}",)
    elif "/huggingface/hub/models--" in path or "/snapshots/" in path:
        repo = path.split("models--", 1)[-1].split("/snapshots", 1)[0].replace("--", "/")
        derived["case"] = "repo has no MLX safetensors"
        derived["repo"] = repo
        text = (f"The Hub repo {repo} downloaded fine but has no model*.safetensors: it is a PyTorch/AWQ/GGUF or old "
                "weights.npz repository, not an MLX safetensors model.")
        fix = (f"Convert it: python -m mlx_lm.convert --hf-path {repo} -q --mlx-path ./mlx_model, then load ./mlx_model.",
               "Or pick an mlx-community conversion of the same model.")
    elif low.endswith("mlx_model") or low in ("mlx_model",):
        derived["case"] = "unconverted output folder"
        text = f"'{path}' is the default output folder of the MLX converters, and it holds no converted weights."
        fix = ("Run the conversion step first (python -m mlx_lm.convert --hf-path <repo> or the example's convert.py), "
               "then load the folder it writes.",)
    elif "flux" in low or "diffusion" in low or "sdxl" in low:
        derived["case"] = "image model files named differently"
        text = f"'{path}' looks like an image/diffusion model; its .safetensors files are not named model*.safetensors."
        fix = ("Load it with its own MLX tool (DiffusionKit, mflux) instead of an LLM loader.",)
    else:
        derived["case"] = "folder without model*.safetensors"
        text = (f"The folder '{path}' has no model*.safetensors: old weights.npz format, PyTorch .bin/.pth weights, "
                "an incomplete download or the wrong directory.")
        fix = ("ls the folder; if it has weights.npz or .bin files, re-download a current mlx-community version or convert "
               "with python -m mlx_lm.convert.", "Pass an absolute path if the script runs from another working directory.")
    return Explanation(text=text, fix=fix, derived=derived)
