"""Computed diagnosis for vllm.model-not-multimodal: engine option rejected at start vs image request refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    option = str(facts.get("option") or "")
    if sig == "mm-option-text-model" and option:
        what = f"{option} rejected at engine start"
        text = (f"vLLM refused the engine argument {option} while building the model config: the architecture in config.json "
                "did not resolve to a multimodal model in this vLLM release, so nothing that configures image processing "
                "is accepted.")
        fix = ("Print config.json 'architectures' and compare it with the supported multimodal models of the installed vLLM; "
               "upgrade vLLM or use the checkpoint format it supports.",
               f"If the model really is text-only, drop {option} from the engine arguments.")
    elif sig == "mm-inputs-text-model":
        what = "image inputs sent to a text-only model"
        text = ("A request carried multi_modal_data (images) but the loaded model has no multimodal support in vLLM: the model "
                "path points to a text LLM, or vLLM does not recognise the VL checkpoint's architecture.")
        fix = ("Use the vision-language variant (e.g. Qwen2.5-VL instead of Qwen2.5) for image datasets, or strip images for text models.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"what": what})
