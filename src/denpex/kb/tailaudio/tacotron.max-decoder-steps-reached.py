"""Computed diagnosis for tacotron.max-decoder-steps-reached: how much audio the cap allows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    steps = facts.get("steps")
    sig = facts.get("_signature")
    if steps is None:
        steps_i = 500 if sig == "coqui-decoder-stopped" else 1000
        known = False
    else:
        try:
            steps_i = int(steps)
        except (TypeError, ValueError):
            return None
        known = True
    # common settings: 22050 Hz, hop 256; Coqui Tacotron2-DDC r=2 (gradual), NVIDIA/NeMo r=1
    sec_r1 = steps_i * 256 / 22050
    ceiling = f": ~{sec_r1:.1f} s of audio at 22.05 kHz / hop 256 (r=1)"
    text = (f"The decoder ran {steps_i} steps{'' if known else ' (the default cap)'} without its stop token firing. "
            f"At 22.05 kHz and hop 256 that is about {sec_r1:.1f} s of audio per reduction factor r "
            f"({2 * sec_r1:.1f} s at r=2). If the input sentence needs much less than that, the model is not aligning "
            "(undertrained, data with silence, too short an input); if it needs more, the text is too long for the cap.")
    fix = ("Check the alignment plot; train further or trim silence in the data if it is not diagonal.",
           "Split the input into sentences; raise max_decoder_steps only for genuinely long sentences.")
    return Explanation(text=text, fix=fix, derived={"ceiling": ceiling})
