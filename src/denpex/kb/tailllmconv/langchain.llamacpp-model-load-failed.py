"""Computed diagnosis for langchain.llamacpp-model-load-failed: what the wrapped error says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("model_path")
    if not isinstance(path, str) or not path:
        return None
    received = str(facts.get("received") or "").replace("(type=value_error)", "").strip()
    load_error = str(facts.get("load_error") or "").strip()
    low = path.lower()
    ggml = low.endswith(".bin") and ("ggml" in low or "ggjt" in low or "q4_0" in low or "q5_" in low or "q8_0" in low)
    if "does not exist" in received:
        diagnosis = "model file not found"
        text = f"llama-cpp-python found no file at '{path}' (relative paths start from the current working directory)."
        fix = (f"python -c \"import os; print(os.path.abspath('{path}'))\"   # where it looked",
               "Download the model there or pass an absolute path.")
    elif ggml or "magic" in load_error or "really a GGML" in load_error:
        diagnosis = "GGML model file for a GGUF-only llama-cpp-python" if ggml else "file format not readable by this llama.cpp"
        text = (f"'{path}' " + ("looks like a GGML/GGJT .bin; " if ggml else "") + "llama-cpp-python 0.1.79+ reads only GGUF files"
                + (f" (llama.cpp said: {load_error})" if load_error else "") + ".")
        fix = ("Use the .gguf release of the model (e.g. *.Q4_K_M.gguf) and update model_path.",
               "Or convert: python convert_llama_ggml_to_gguf.py --input old.bin --output new.gguf (llama.cpp).")
    else:
        diagnosis = "llama.cpp failed to load the file"
        text = (f"llama.cpp could not load '{path}'" + (f": {load_error}" if load_error else "; LangChain hid the reason (empty 'Received error').")
                + (f" Received: {received}." if received else ""))
        fix = (f"python -c \"from llama_cpp import Llama; Llama(model_path='{path}', verbose=True)\"   # shows the loader error",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
