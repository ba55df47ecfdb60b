"""Computed diagnosis for keras.input-ran-out-of-data: the batch count Keras asked for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("batches")
    try:
        batches = float(raw) if raw is not None else None
    except (TypeError, ValueError):
        batches = None
    if batches is None:
        return Explanation(
            text="Keras stopped fit() when the input ended before steps_per_epoch x epochs batches; "
                 "if every requested epoch still ran (Keras 3, no steps_per_epoch), the notice is harmless.",
            fix=("Remove steps_per_epoch/validation_steps, or set them to ceil(samples / batch_size), or add .repeat() to the dataset.",),
            derived={"batches_txt": ""})
    shown = f"{batches:g}"
    text = f"fit asked for steps_per_epoch x epochs = {shown} batches, but the input ended before that, so training stopped early."
    fix = ["Remove steps_per_epoch (and validation_steps) or add dataset.repeat()."]
    if batches != int(batches):
        text += (" The count is fractional: steps_per_epoch was computed as samples / batch_size without rounding,"
                 " so the last step can never be filled.")
        fix.insert(0, "Use steps_per_epoch = math.ceil(samples / batch_size) (an integer).")
    return Explanation(text=text, fix=tuple(fix), derived={"batches_txt": f" ({shown} requested)"})
