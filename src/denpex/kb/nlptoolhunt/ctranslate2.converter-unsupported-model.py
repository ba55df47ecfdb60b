"""Computed diagnosis for ctranslate2.converter-unsupported-model: which option or architecture was refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MULTIMODAL = ("Mllama", "Llava", "Qwen2VL", "Qwen2_5_VL", "Qwen3VL", "Idefics", "Paligemma", "Blip", "Clip", "Siglip")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    config_class = str(facts.get("config_class") or "")
    option = str(facts.get("option") or "")
    value = str(facts.get("value") or "")
    reason = str(facts.get("reason") or "")
    if config_class:
        if config_class.startswith(_MULTIMODAL):
            diagnosis = f"{config_class}: multimodal architecture"
            text = (f"ct2-transformers-converter has no loader for {config_class}; CTranslate2 does not implement this "
                    "vision/multimodal architecture.")
            fix = ("Serve this model with transformers/vLLM, or convert only a supported text model.",)
        else:
            diagnosis = f"{config_class} not registered"
            text = f"The installed ctranslate2 has no converter for {config_class}."
            fix = ("pip install -U ctranslate2 and retry (newer releases register more config classes).",
                   "If the newest release still lacks it, the architecture is not implemented in CTranslate2.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if option == "self_attn_type" and "flash" in value:
        diagnosis = "OpenNMT-py flash-attention flag"
        text = (f"The checkpoint records self_attn_type={value}, an OpenNMT-py implementation choice; the weights are "
                "plain scaled-dot attention but this converter only accepts 'scaled-dot'.")
        fix = ("Upgrade ctranslate2; or in a copy: ckpt = torch.load('model.pt'); ckpt['opt'].self_attn_type = 'scaled-dot'; "
               "torch.save(ckpt, 'model_ct2.pt') and convert model_ct2.pt.",)
    elif option:
        diagnosis = f"option --{option} {value} unsupported"
        text = f"The training option --{option} {value} has no CTranslate2 equivalent in the installed converter."
        fix = ("pip install -U ctranslate2 and retry.",
               f"Otherwise retrain with a supported value of --{option}" + (f" ({facts.get('supported')})." if facts.get("supported") else "."))
    elif "position_encoding" in reason:
        diagnosis = "no (or double) position encoding"
        text = ("The model was trained with neither sinusoidal position_encoding nor relative positions (or both). "
                "CTranslate2 needs exactly one; a model without position information also translates poorly.")
        fix = ("Retrain with position_encoding: true (or max_relative_positions > 0, not both).",)
    elif reason:
        diagnosis = "converter check failed"
        text = f"The converter refused: {reason}"
        fix = ("pip install -U ctranslate2 and retry; otherwise change that option for training.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
