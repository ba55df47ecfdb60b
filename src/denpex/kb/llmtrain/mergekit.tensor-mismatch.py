"""Computed diagnosis for mergekit.tensor-mismatch: what kind of weight is missing or mis-shaped."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LAYER = re.compile(r"(?:layers|layer|h|blocks)\.(\d+)\.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    tensor = str(facts.get("tensor") or "").strip()
    if not tensor:
        return None
    model = str(facts.get("model") or "").strip()
    derived: dict[str, Any] = {}
    m = _LAYER.search(tensor)
    if m:
        derived["layer_index"] = int(m.group(1))
    if facts.get("_signature") == "size-mismatch":
        sizes = str(facts.get("sizes") or "")
        dims = re.findall(r"\[([0-9, ]+)\]", sizes)
        derived["problem"] = f"{tensor} has different shapes across models"
        text = f"The input models disagree on the shape of {tensor}: {sizes}."
        if len(dims) >= 2:
            text += f" ({' vs '.join(d.replace(' ', '') for d in dims[:3])}: not the same model size/family.)"
        fix = ("Merge only models fine-tuned from the same base (same hidden, intermediate and vocab sizes).",
               "Compare config.json hidden_size / intermediate_size / vocab_size of all inputs.")
        return Explanation(text=text, fix=fix, derived=derived)
    src = f" in {model}" if model else ""
    if tensor.endswith("lm_head.weight"):
        derived["problem"] = f"lm_head.weight missing{src} (tied embeddings)"
        text = (f"{model or 'The model'} does not store lm_head.weight: its output head is tied to the input embedding "
                "(tie_word_embeddings: true, as in Llama 3.2 1B/3B and small Qwen/Gemma), but this mergekit's template requires it.")
        fix = ("pip install -U mergekit (newer templates treat lm_head as optional for tied models).",
               f"Check: grep tie_word_embeddings {model or '<model>'}/config.json")
    elif "layer_index" in derived:
        n = derived["layer_index"]
        derived["problem"] = f"layer {n} weight {tensor} missing{src}"
        text = (f"mergekit wants layer {n} ({tensor}){src}. Either a layer_range reaches past that model's last layer "
                f"(needs num_hidden_layers > {n}), or the architecture template expects a weight this model variant does not have.")
        fix = (f"Check num_hidden_layers in {model or '<model>'}/config.json and keep layer_range upper bounds <= it (exclusive).",
               "If the layer exists, the installed mergekit maps this architecture to the wrong template: upgrade mergekit.")
    else:
        head = tensor.split(".")[0]
        derived["problem"] = f"{tensor} missing{src}"
        text = (f"{tensor} is not in {model or 'one input model'}'s checkpoint: the models were saved with different classes or "
                f"name prefixes ('{head}.' here), or this architecture is not what mergekit assumes.")
        fix = ("List the weight names of each input (safetensors index weight_map) and re-save them with the same model class.",
               "Upgrade mergekit if the architecture is new or multimodal.")
    return Explanation(text=text, fix=fix, derived=derived)
