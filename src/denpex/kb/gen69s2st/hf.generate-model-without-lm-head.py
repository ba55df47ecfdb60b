"""Computed diagnosis for hf.generate-model-without-lm-head: which of the three cases the class name points at."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GENERATIVE_SUFFIX = re.compile(r"(?:ForCausalLM|ForConditionalGeneration|ForSeq2SeqLM|ForSpeechSeq2Seq|ForVision2Seq|LMHeadModel)$")


def _class_name(raw: str) -> str:
    name = raw.strip().strip("<>").replace("class ", "").strip("'\" ")
    return name.rsplit(".", 1)[-1]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("model_class") or "")
    if not raw:
        return None
    name = _class_name(raw)
    suggested = [s.strip(" '\"") for s in str(facts.get("suggested") or "").split(",") if s.strip(" '\"")]
    fix: list[str] = []
    if "TextToSpeech" in name or "Vocoder" in name or name.endswith("HifiGan"):
        diagnosis = f"{name} produces speech; it is not used with generate()"
        text = (f"{name} is a speech-output class: its entry point is generate_speech, so generate() refuses it. "
                "The class the message suggests generates text, which is a different task.")
        fix.append(f"Call model.generate_speech(input_ids, speaker_embeddings, vocoder=vocoder) on {name}.")
    elif _GENERATIVE_SUFFIX.search(name):
        diagnosis = f"{name} does not inherit GenerationMixin"
        text = (f"{name} has a generative name but transformers does not see GenerationMixin in its bases; since 4.50 "
                "PreTrainedModel no longer provides generate(), so custom and remote-code classes must inherit it themselves.")
        fix.append(f"Declare class {name}(<its PreTrainedModel base>, GenerationMixin) (from transformers import GenerationMixin), or pin transformers<4.50 for unmaintained remote code.")
    elif suggested:
        diagnosis = f"headless class {name} loaded; use {suggested[0]}"
        text = (f"{name} has no language-model head; the generative class for this model type is "
                f"{', '.join(suggested)}.")
        fix.append(f"Load the checkpoint with {suggested[0]} (or AutoModelForCausalLM / AutoModelForSeq2SeqLM) instead of {name} / AutoModel.")
    else:
        diagnosis = f"{name} is not a generative class"
        text = (f"{name} has no language-model head or is a wrapper that is not a GenerationMixin; generate() needs a "
                "...ForCausalLM / ...ForConditionalGeneration class.")
        fix.append("Load with AutoModelForCausalLM / AutoModelForSeq2SeqLM, or call generate() on the wrapped transformers model.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
