"""Computed diagnosis for dreambooth.exception-training-model: classify the quoted inner error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RULES: tuple[tuple[tuple[str, ...], str, str, tuple[str, ...]], ...] = (
    (("No executable batch size found", "out of memory", "OutOfMemoryError"),
     "out of GPU memory",
     "The run needed more GPU memory than available even at the smallest batch size.",
     ("Use batch size 1, 8bit AdamW, xformers/SDP attention, gradient checkpointing, fp16/bf16 mixed precision and a lower resolution; or train a LoRA.",)),
    (("instance_loss", "referenced before assignment"),
     "no instance batch produced",
     "The training step never computed an instance loss: the dataset gave no instance images (wrong or empty Dataset Directory, unsupported files) "
     "or the concept settings filtered all of them out.",
     ("Point Concepts > Dataset Directory at a folder of .png/.jpg images and check that 'Pre-processing images' reports a non-zero count.",)),
    (("'CheckpointInfo' object", "cannot import name", "has no attribute", "unexpected keyword argument"),
     "extension and web UI/library versions out of step",
     "The extension called an API that the installed web UI or diffusers/transformers/accelerate does not have in this form.",
     ("Update the web UI and the extension together, restart fully so the extension reinstalls its pinned requirements (diffusers, transformers, accelerate).",)),
    (("'NoneType' object is not subscriptable", "'NoneType' object"),
     "missing selection (model, concept or source checkpoint)",
     "A value the run needs was empty: usually no Dreambooth model was created/selected, its source checkpoint is gone, or a concept has no directory.",
     ("Create the model (Model > Create), select it, check its source checkpoint still exists and every concept has a Dataset Directory.",)),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    inner = facts.get("inner")
    if not isinstance(inner, str) or not inner:
        return None
    for needles, diagnosis, why, fix in _RULES:
        if any(n in inner for n in needles):
            return Explanation(text=f"Inner error: {inner}. {why}", fix=fix, derived={"diagnosis": diagnosis})
    return Explanation(
        text=f"Inner error: {inner}. The extension hides the traceback's last frame: read the traceback printed above this line.",
        fix=("Fix the quoted error; if it comes from the extension's own files, update the extension and the web UI together.",),
        derived={"diagnosis": "see inner error"},
    )
