"""Computed diagnosis for ctranslate2.whisper-mel-bins-mismatch: which side is wrong (80 vs 128 mel bins)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        exp, got = int(facts.get("expected_mels")), int(facts.get("got_mels"))
    except (TypeError, ValueError):
        return None
    if exp == got:
        text = ("The mel-bin count matches; the frame dimension differs, so the input length (not the model family) is wrong: "
                "features must be padded/trimmed to 3000 frames (30 s).")
        return Explanation(text=text, fix=("Pass 30 s windows (pad shorter audio) or update the calling library.",))
    if exp == 128 and got == 80:
        text = ("The model is a Whisper large-v3-family model (128 mel bins: large-v3, large-v3-turbo, distil-large-v3 or a fine-tune "
                "of them) but the front end computed 80 bins: its folder has no preprocessor_config.json with feature_size 128, or "
                "faster-whisper is older than 0.10.")
        fix = ("pip install -U faster-whisper (>= 1.0) and the app/whisperX using it.",
               "Add preprocessor_config.json (feature_size: 128) to the model folder, or re-convert with "
               "ct2-transformers-converter ... --copy_files tokenizer.json preprocessor_config.json.",
               "In a GUI with a 'v3' / 128-mel switch, turn it on for this model.")
    elif exp == 80 and got == 128:
        text = ("The model is an 80-mel Whisper (tiny ... large-v2) but the front end computed 128 bins: a v3 setting is on, or "
                "the folder carries a v3 preprocessor_config.json.")
        fix = ("Turn off the large-v3 / 128-mel option for this model, or set feature_size to 80 in its preprocessor_config.json.",)
    else:
        text = f"The model expects {exp} mel bins but got {got}: the feature extractor config does not belong to this model."
        fix = (f"Set feature_size to {exp} in the model folder's preprocessor_config.json (copy it from the original HF model).",)
    return Explanation(text=text, fix=fix, derived={"family": "large-v3" if exp == 128 else "pre-v3"})
