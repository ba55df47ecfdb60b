"""Computed diagnosis for tfjs.tensor-values-shape-mismatch: size arithmetic and model-files vs user-code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOADERS = ("decodeWeights", "loadWeights", "loadLayersModel", "loadGraphModel", "loadFromUri", "loadFromDisk",
            "loadHostedPretrainedModel", "Loading pretrained model failed", "face-api", "decodeModelAndOptimizerWeights")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expected = facts.get("expected")
    got = facts.get("got")
    frame = facts.get("frame")
    shape = facts.get("shape")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    loading = isinstance(frame, str) and any(k in frame for k in _LOADERS)
    derived["during_model_load"] = loading
    if isinstance(expected, int) and isinstance(got, int) and expected > 0:
        derived["missing_values"] = expected - got
        derived["fraction_present"] = round(got / expected, 4)
        parts.append(
            f"The tensor of shape [{shape}] needs {expected} values but {got} arrived "
            f"({got / expected:.1%}; {expected - got} missing)."
        )
        if got * 4 == expected or got * 2 == expected:
            derived["quantization_suspect"] = True
            parts.append("The ratio is exactly 2x/4x: quantized weights read as float32 (or the reverse) by a mismatched tfjs version.")
    if loading:
        parts.append(f"It happened while loading weights ({frame}): the .bin shard bytes do not match the manifest.")
        fix.append("Re-copy model.json and all its .bin shards from one converter run / the library release into the served folder.")
        fix.append("Open each shard URL: it must be binary (not a git-lfs pointer or <!DOCTYPE html>) and of the manifest's size.")
    elif expected is not None:
        parts.append("No weights loader frame is in view: if this is your own tf.tensor() call, the values array does not fill the shape.")
        if isinstance(expected, int):
            fix.append(f"Pass exactly {expected} values for shape [{shape}], or let tf.tensor() infer the shape from a nested array.")
    if not parts:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
