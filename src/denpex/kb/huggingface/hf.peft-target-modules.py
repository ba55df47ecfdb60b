"""Computed diagnosis for hf.peft-target-modules: which architecture the given names belong to, and what to use instead."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# module-name sets by architecture family (the names PEFT users target)
_FAMILIES: list[tuple[str, frozenset[str]]] = [
    ("Llama / Mistral / Qwen2 / Gemma / Yi", frozenset({"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"})),
    ("OPT / BART / CLIP / Whisper", frozenset({"q_proj", "k_proj", "v_proj", "out_proj", "fc1", "fc2"})),
    ("GPT-2 / Qwen-1 / StarCoder", frozenset({"c_attn", "c_proj", "c_fc", "w1", "w2"})),
    ("BLOOM / Falcon / GPT-NeoX / ChatGLM", frozenset({"query_key_value", "dense", "dense_h_to_4h", "dense_4h_to_h"})),
    ("BERT / RoBERTa / ViT", frozenset({"query", "key", "value", "dense"})),
    ("T5 / Flan-T5", frozenset({"q", "k", "v", "o", "wi", "wo", "wi_0", "wi_1"})),
    ("MPT / Phi-1.5 (old) ", frozenset({"Wqkv", "out_proj", "fc1", "fc2"})),
    ("Phi-3", frozenset({"qkv_proj", "o_proj", "gate_up_proj", "down_proj"})),
    ("InternLM2", frozenset({"wqkv", "wo", "w1", "w2", "w3"})),
    ("Baichuan", frozenset({"W_pack", "o_proj", "gate_proj", "up_proj", "down_proj"})),
    ("Stable Diffusion UNet / DiT attention", frozenset({"to_q", "to_k", "to_v", "to_out.0", "proj_in", "proj_out"})),
    ("Mamba", frozenset({"in_proj", "out_proj", "x_proj", "dt_proj"})),
]

_ALTERNATIVES = {
    "Llama / Mistral / Qwen2 / Gemma / Yi": "GPT-2/Qwen-1: ['c_attn', 'c_proj']; BLOOM/Falcon/ChatGLM: ['query_key_value']; BERT: ['query', 'value']; T5: ['q', 'v']; Phi-3: ['qkv_proj', 'o_proj']",
    "GPT-2 / Qwen-1 / StarCoder": "Llama/Mistral/Qwen1.5+/Qwen2: ['q_proj', 'k_proj', 'v_proj', 'o_proj']",
}


def _names(raw: str) -> list[str] | None:
    s = raw.strip()
    if s in ("set()", "[]", "{}"):
        return []
    if (s.startswith("{") and s.endswith("}")) or (s.startswith("[") and s.endswith("]")):
        return [x for x in re.findall(r"'([^']*)'|\"([^\"]*)\"", s) for x in x if x] or [t.strip() for t in s[1:-1].split(",") if t.strip()]
    return None  # a bare string: PEFT treats it as a regex


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("target_modules")
    if raw is None:
        return None
    names = _names(str(raw))
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if names is None:
        derived["regex"] = str(raw)
        text = (
            f"target_modules was a plain string ({raw}); PEFT uses a string as a regular expression that must match the "
            "whole module name (e.g. model.layers.0.self_attn.q_proj), so a bare layer name matches nothing."
        )
        fix.append(f"Pass a list instead: target_modules=['{raw}'] (entries match name suffixes), or a full-name regex such as '.*\\.{raw}'.")
        fix.append("Or use target_modules='all-linear' (PEFT >= 0.8).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["names"] = names
    if not names:
        text = (
            "target_modules is empty: whatever built the list found no matching layers. A typical cause is a "
            "find_all_linear_names helper that collects bitsandbytes Linear4bit/Linear8bitLt names while the model was loaded "
            "without that quantization (or an old transformers/peft without support for the model's layers)."
        )
        fix.append("Collect torch.nn.Linear names when the model is not quantized (and bnb.nn.Linear4bit only with load_in_4bit), excluding lm_head; or pass target_modules='all-linear'.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    lowered = {n.split(".")[-1] for n in names}
    if lowered & {"all", "all_linear", "all-linears", "linear"}:
        text = f"target_modules={names} is not a recognised shorthand; PEFT only understands the exact string 'all-linear'."
        fix.append("Use target_modules='all-linear' (a string, not a list, PEFT >= 0.8) or list the layer names explicitly.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    best = None
    best_hits = 0
    for fam, members in _FAMILIES:
        hits = len(lowered & members)
        if hits > best_hits:
            best, best_hits = fam, hits
    if best:
        derived["names_from"] = best
        text = (
            f"The names {sorted(lowered)} are {best.strip()} layer names; the model you loaded has no module with these names, "
            "so it is another architecture (or another version of it)."
        )
        alt = _ALTERNATIVES.get(best)
        if alt:
            fix.append(f"Use the names of your model's architecture, e.g. {alt}.")
    else:
        text = f"No module of the loaded model is named {sorted(lowered)}."
    fix.append("Print the real names: sorted({n.split('.')[-1] for n, m in model.named_modules() if isinstance(m, torch.nn.Linear)}), or set target_modules='all-linear' (PEFT >= 0.8).")
    if facts.get("layers_to_transform"):
        fix.append(f"layers_to_transform={facts['layers_to_transform']} also restricts matching: check it indexes existing layers (and layers_pattern names the layer list).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
