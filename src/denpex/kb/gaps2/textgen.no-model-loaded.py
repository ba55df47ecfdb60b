"""Computed diagnosis for textgen.no-model-loaded: loader vs file format when both are in the log."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model_file = str(facts.get("model_file") or "")
    loader = str(facts.get("loader") or "")
    derived = {"model_file_text": f" ({model_file})" if model_file else ""}
    parts = ["A generation request arrived while no model was in memory."]
    fix = []
    if model_file.lower().endswith((".gguf", ".ggml")) and loader and not loader.lower().startswith("llama"):
        parts.append(f"{model_file} is a GGUF file and the {loader} loader cannot read GGUF: the load failed and left no model behind.")
        fix.append("Choose the llama.cpp loader (or llamacpp_HF) for GGUF files and press Load again; use ExLlamav2 only for EXL2/GPTQ folders.")
    elif loader.lower().startswith("llama") and model_file and not model_file.lower().endswith((".gguf", ".ggml")):
        parts.append(f"The llama.cpp loader reads only GGUF files; {model_file} is not one, so the load failed.")
        fix.append("Use the loader for that format (Transformers for safetensors folders, ExLlamav2 for EXL2/GPTQ).")
    else:
        parts.append("Either no model was selected (the UI starts empty unless --model is given) or the load failed earlier; its error was printed when Load was pressed.")
        fix.append("Load a model in the Model tab (or start with --model <name> --loader <loader>) and read any error printed at load time.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
