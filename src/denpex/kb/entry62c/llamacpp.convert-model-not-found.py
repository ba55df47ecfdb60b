"""Computed diagnosis for llamacpp.convert-model-not-found: what kind of folder convert.py was given."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# what the legacy converter's load_some_model globbed for (2023 - mid 2024)
_EXPECTED = ("consolidated.00.pth", "pytorch_model-00001-of-*.bin", "pytorch_model.bin",
             "model-00001-of-*.safetensors", "model.safetensors", "*.pt", "ggml-model*.bin")

_QUANT = (("gguf", "GGUF"), ("ggml", "GGML"), ("awq", "AWQ"), ("gptq", "GPTQ"), ("exl2", "EXL2"),
          ("exllama", "EXL2"), ("bnb", "bitsandbytes"), ("4bit", "4-bit"), ("int4", "int4"), ("int8", "int8"))
_ADAPTER = re.compile(r"(?:^|[-_. ])(?:q?lora|adapter|peft)(?:$|[-_. ])|adapter|lora", re.I)


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("directory") or "").strip().strip("'\"").rstrip(".").strip()
    if not raw:
        return None
    parts = [p for p in re.split(r"[\\/]+", raw) if p]
    name = parts[-1] if parts else raw
    low = name.lower()
    derived: dict[str, Any] = {"directory_name": name}
    fix: list[str] = []
    quant = next((label for key, label in _QUANT if re.search(rf"(?:^|[-_. ]){key}(?:$|[-_. ])", low) or key in low), "")
    if quant:
        case = "quantized-repo"
        derived["quant_format"] = quant
        if quant in ("GGUF", "GGML"):
            case = "already-converted"
            text = (f"'{name}' is a {quant} release: it is already converted, there is nothing for convert.py to read "
                    "(it looks for PyTorch/safetensors weights). Point llama.cpp at the .gguf file itself, not the folder.")
            fix += ["ls the folder and run the program on the file: ./main -m <folder>/<name>.Q4_K_M.gguf (llama-cli in current builds)",
                    "A GGML (.bin, pre-August 2023) file needs a one-time conversion to GGUF or a fresh GGUF download."]
        else:
            text = (f"'{name}' is a quantized ({quant}) Hugging Face repository: its packed integer weights cannot be "
                    "converted to GGUF. Download the original fp16/bf16 repository the quantization was made from.")
            fix += [f"huggingface-cli download <org>/<base model without -{quant}> --local-dir <dir>  # the fp16/bf16 original",
                    "python convert_hf_to_gguf.py <dir> --outtype f16 (then llama-quantize to the size you want)",
                    "or download a ready GGUF release of the same model instead of converting"]
    elif _ADAPTER.search(low):
        case = "adapter-folder"
        text = (f"'{name}' looks like a LoRA/PEFT adapter folder (adapter_model.*), not a full model: convert.py needs "
                "the full weights.")
        fix += ["Merge the adapter into its base model first (peft: model.merge_and_unload(); save_pretrained(out, safe_serialization=True)) and convert the merged folder",
                "or convert the adapter alone with convert_lora_to_gguf.py and load it with --lora next to the base GGUF"]
    elif "snapshots" in (p.lower() for p in parts) or any(p.startswith("models--") for p in parts):
        case = "hub-cache-snapshot"
        text = (f"'{raw}' is inside the Hugging Face cache: the snapshot folder holds symlinks into blobs/, and "
                "weights that were not downloaded (allow_patterns, an interrupted download) are simply absent.")
        fix += ["huggingface-cli download <repo> --local-dir <plain dir>  # a real folder with every *.safetensors",
                "then run the converter on that folder"]
    else:
        case = "no-known-weights"
        text = (f"No file in '{raw}' matches the names the legacy converter looks for ({', '.join(_EXPECTED)}): "
                "the path is one level too high or too low, the weights were not downloaded/merged into it, or the "
                "files are named differently.")
        fix += [f"ls -la {raw}  # the weight files must sit directly in this folder",
                "pass the folder that holds the weights (e.g. models/7B, not models/), not a file's parent's parent",
                "for Hugging Face folders use convert_hf_to_gguf.py from a current llama.cpp (convert.py is gone; convert_legacy_llama.py only covers original LLaMA checkpoints)"]
    derived.update(dir_case=case, dir_case_text=f" ({case.replace('-', ' ')})")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError, re.error):
        return None
