"""Computed diagnosis for audiocraft.melody-conditioning-unsupported: which model was loaded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    if not model:
        return None
    low = model.lower()
    stereo = "stereo" in low
    if "melody" in low:
        return Explanation(
            text=(f"'{model}' is named like a melody model but its LM has no chroma conditioner: a fine-tune or export "
                  "built from a text-only config, or a UI mapping the name to another checkpoint."),
            fix=("Print m.lm.condition_provider.conditioners and fine-tune/export from facebook/musicgen-melody so 'self_wav' is present.",),
            derived={"diagnosis": "custom model without chroma conditioner"},
        )
    target = "facebook/musicgen-stereo-melody" if stereo else "facebook/musicgen-melody"
    if "large" in low:
        target += "-large"
    return Explanation(
        text=f"'{model}' is a text-only MusicGen checkpoint; melody (chroma) guidance needs a melody checkpoint such as {target}.",
        fix=(f"MusicGen.get_pretrained('{target}') for melody guidance",
             "or keep the model and call model.generate(descriptions) / model.generate_continuation(...) without the melody."),
        derived={"diagnosis": "text-only checkpoint", "suggested_model": target},
    )
