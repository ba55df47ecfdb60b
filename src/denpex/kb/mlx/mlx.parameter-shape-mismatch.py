"""Computed diagnosis for mlx.parameter-shape-mismatch: compare the two shapes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: Any) -> list[int]:
    try:
        return [int(x) for x in str(s or "").replace(" ", "").split(",") if x]
    except ValueError:
        return []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exp, got = _dims(facts.get("expected_shape")), _dims(facts.get("received_shape"))
    param = str(facts.get("parameter") or "the parameter")
    if not exp or not got:
        return None
    leaf = param.rsplit(".", 1)[-1]
    if len(exp) == len(got) and sorted(exp) == sorted(got):
        kind = "layout transposed"
        text = (f"{param}: expected {tuple(exp)}, file has {tuple(got)} - the same sizes in another order, so the tensor "
                "is in the PyTorch layout (or transposed twice): the converter did not apply this model's sanitize().")
        fix = ("pip install -U mlx-lm, then re-convert from the original repo: mlx_lm.convert --hf-path ORIGINAL_REPO -q",)
    elif len(exp) == len(got) and exp[:-1] == got[:-1] and exp[-1] and got[-1]:
        r = got[-1] / exp[-1]
        if leaf in ("scales", "biases"):
            kind = "quantization group size differs"
            rel = f"{r:g}x smaller" if r > 1 else f"{1 / r:g}x larger"
            text = (f"{param}: last dim {exp[-1]} expected, {got[-1]} stored: the file was quantized with a group size "
                    f"{rel} than the one the model was built with (e.g. group 32 in the file, 64 in config/runtime).")
            fix = ("Make config.json's quantization.group_size match the conversion, or update the runtime so it reads it "
                   "(mlx-swift-examples, LM Studio MLX engine)",)
        else:
            kind = "quantization bits differ"
            text = (f"{param}: packed width {exp[-1]} expected, {got[-1]} stored: the weights were packed with {r:g}x the "
                    "bits the model was built with (config.json quantization.bits does not match the file).")
            fix = ("Use the config.json that came with the weights, or re-convert with the --q-bits you load with",)
    else:
        kind = "model dimensions differ"
        text = (f"{param}: expected {tuple(exp)}, file has {tuple(got)}: config.json describes a different size "
                "(vocabulary, hidden size or head count) than these weights.")
        fix = ("Use the config.json shipped with these weights; after adding tokens resize embeddings and lm_head together",)
    return Explanation(text=text, fix=fix, derived={"kind": kind})
