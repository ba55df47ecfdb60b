"""Computed diagnosis for ctransformers.create-llm-failed: check model_type against the file name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ARCH_HINTS = [("falcon", "falcon"), ("mpt", "mpt"), ("starcoder", "starcoder"), ("santacoder", "starcoder"),
               ("gpt-j", "gptj"), ("gptj", "gptj"), ("gpt4all-j", "gptj"), ("gpt-neox", "gpt_neox"), ("pythia", "gpt_neox"),
               ("redpajama", "gpt_neox"), ("dolly", "dolly-v2"), ("replit", "replit"), ("gpt2", "gpt2"), ("llama", "llama"),
               ("vicuna", "llama"), ("wizard", "llama"), ("mistral", "mistral"), ("codellama", "llama")]
_NEW_ARCH = ("llama-3", "llama3", "qwen", "gemma", "phi-3", "phi3", "mixtral", "deepseek", "command-r", "yi-")


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    mt = facts.get("model_type")
    path = facts.get("model_path")
    if path is None:
        return None
    mt, path = str(mt or ""), str(path)
    name = re.split(r"[\\/]", path)[-1]
    low = name.lower()
    derived: dict[str, Any] = {"model_file": name}
    parts = [f"ctransformers' '{mt or '(none)'}' reader could not create a model from {name}."]
    fix: list[str] = []
    guess = next((arch for key, arch in _ARCH_HINTS if key in low), None)
    if not mt:
        parts.append("No model_type was given.")
        fix.append(f"Pass model_type='{guess or 'llama'}' explicitly.")
    elif guess and guess != mt and not (guess == "mistral" and mt == "llama"):
        derived["expected_model_type"] = guess
        parts.append(f"The file name suggests a {guess} model, not {mt}.")
        fix.append(f"Use model_type='{guess}'.")
    if not re.search(r"\.(?:bin|gguf)$", low):
        parts.append("The path does not end in .bin / .gguf: it may be a folder or not a model file.")
    if low in ("training_args.bin", "pytorch_model.bin", "optimizer.bin") or low.startswith("pytorch_model-"):
        derived["not_a_ggml_file"] = True
        parts.append(f"'{name}' is a PyTorch file, not a GGML/GGUF model: from_pretrained picked the wrong file.")
        fix.append("Pass model_file='<the .gguf / ggml .bin file>' to from_pretrained.")
    if low.endswith(".gguf") and any(k in low for k in _NEW_ARCH):
        derived["architecture_too_new"] = True
        parts.append("This GGUF architecture postdates ctransformers (last release 2023).")
        fix.append("Load it with llama-cpp-python (LangChain LlamaCpp) or llama.cpp instead.")
    fix.append("If the file and type are right: check free RAM (restart the notebook runtime, smaller quantisation) and the stderr "
               "line printed just before for the reader's reason.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
