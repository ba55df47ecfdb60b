"""Computed diagnosis for hf.chat-template-missing: which layer refused (tokenizer, processor, vLLM server) and the
matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    api = str(facts.get("api") or "")
    cls = facts.get("tokenizer_class")
    if cls:
        return Explanation(
            text=(f"transformers (< 4.44) used the class-level default template of {cls} because the tokenizer defines none; "
                  "the prompt format is probably not the one the model was trained on, and transformers >= 4.44 raises instead."),
            fix=("Set the model's real template (tokenizer.chat_template = ...) or use the instruct variant; base models should get plain prompts.",),
            derived={"what": f"fell back to the {cls} class default template"},
        )
    if api == "apply_chat_template":
        return Explanation(
            text="The processor (vision/audio model) has no chat template: chat_template.json / chat_template.jinja is missing from the processor files, or the processor does not copy the tokenizer's template.",
            fix=(
                "Copy chat_template.json / chat_template.jinja from the original model repo next to the processor files, or set processor.chat_template = processor.tokenizer.chat_template.",
                "Use the instruct variant of the model; pretrained (-pt) checkpoints have no chat format.",
            ),
            derived={"what": "the processor defines no chat template"},
        )
    if api:
        return Explanation(
            text="The tokenizer defines no chat template and none was passed; transformers >= 4.44 no longer falls back to a class default.",
            fix=(
                "Use the instruct/chat variant of the model, or set tokenizer.chat_template (or pass chat_template=...) with the original model's template.",
                "If the repo ships chat_template.jinja, make sure the file is present and the installed transformers reads it (upgrade).",
            ),
            derived={"what": "tokenizer.chat_template is not set"},
        )
    return Explanation(
        text="vLLM has no chat template for this model (the tokenizer defines none) and --chat-template was not given, so every /v1/chat/completions request fails with 400.",
        fix=(
            "Start the server with --chat-template <file.jinja> taken from the original instruct model, or serve the instruct variant.",
            "For a base model, call /v1/completions with a plain prompt instead of chat messages.",
        ),
        derived={"what": "the server has no chat template for this model"},
    )
