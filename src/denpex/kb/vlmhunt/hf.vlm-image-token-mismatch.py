"""Computed diagnosis for hf.vlm-image-token-mismatch: which side is short, and by how much."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        tokens = int(facts.get("tokens"))
        features = int(facts.get("features"))
    except (TypeError, ValueError):
        return None
    media = str(facts.get("media") or "image").lower().rstrip("s")
    if facts.get("_signature") == "llava-next-count":
        text = (f"LLaVA-NeXT counted {tokens} image token(s) in the prompt for {features} image(s): "
                "old transformers (4.39-4.43) raise this for batches of images of different sizes or prompts without '<image>'.")
        fix = ("Use the prompt format 'USER: <image>\\n... ASSISTANT:' (or apply_chat_template) with one <image> per image,",
               "and upgrade transformers (4.44+) for batched images of different sizes.")
        return Explanation(text=text, fix=fix, derived={"problem": "placeholder count differs from image count"})
    diff = features - tokens
    if tokens == 0:
        problem = f"no {media} placeholder in the prompt"
        text = (f"The vision tower produced {features} {media} feature vectors but the text holds no {media} token: "
                "the prompt was not built with the processor's chat template or the data lacks the placeholder.")
        fix = (f"Build the text with processor.apply_chat_template(messages) including a {{'type': '{media}'}} item, "
               f"or add '<{media}>' to the user turn of every record that has a {media}.",)
    elif diff > 0:
        problem = f"{diff} {media} tokens missing (truncation or fewer tags than {media}s)"
        text = (f"{tokens} {media} tokens in input_ids but {features} features: {diff} tokens are missing. "
                "Most often the sequence was truncated through the image tokens (length limit below the expanded length), "
                f"or the record has fewer <{media}> tags than {media}s.")
        fix = (f"Raise the length limit (cutoff_len / max_length / max_prompt_length) by at least {diff} tokens or lower max_pixels, "
               "and drop over-long records instead of truncating them.",
               f"Check the failing record: one <{media}> tag per {media}.")
    else:
        problem = f"{-diff} extra {media} tokens (more placeholders than {media}s)"
        text = (f"{tokens} {media} tokens in input_ids but only {features} features: the text carries {-diff} more placeholder tokens "
                f"than the {media}s produced - an extra/duplicated <{media}> tag, a {media} dropped after tokenization, "
                "or processor and model settings that disagree.")
        fix = (f"Remove duplicated <{media}> tags (the template may add one already) and make sure every tag has its {media};",
               "load processor and model from the same checkpoint.")
    return Explanation(text=text, fix=fix, derived={"problem": problem})
