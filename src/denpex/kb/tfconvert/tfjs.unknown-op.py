"""Computed diagnosis for tfjs.unknown-op: why the runtime lacks this op."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    if not op:
        return None
    if op.startswith("_Fused") or op.startswith("NonMaxSuppression") or op.startswith("TensorList") or op in ("IsNan", "Einsum"):
        hint = " (added in a later tfjs release)"
        text = f"'{op}' is implemented in newer tfjs releases: this page/app loads an older @tensorflow/tfjs-converter than the converter that wrote the model."
        fix = ("Upgrade every @tensorflow/tfjs* package (or the CDN <script>) to the tensorflowjs version used for conversion; check for an old copy bundled by a model library.",)
    elif op.startswith("String") or op.startswith("Regex") or op in ("LookupTableFindV2", "HashTableV2", "StaticRegexReplace"):
        hint = " (string/text op)"
        text = f"'{op}' is a text-processing op (TextVectorization / tf.strings / lookup tables) that TF.js graph models do not execute."
        fix = ("Do tokenisation/vectorisation in JavaScript and export the model from the integer ids onward.",
               f"Or register it: tf.registerOp('{op}', node => ...) before predict.")
    else:
        hint = " (no TF.js kernel)"
        text = f"The graph contains '{op}', which the loaded TF.js runtime has no executor for (often a model converted with --skip_op_check)."
        fix = (f"Remove '{op}' from the exported graph and re-convert without --skip_op_check, or implement it with tf.registerOp('{op}', fn).",
               "Upgrade @tensorflow/tfjs in case a newer release added it.")
    return Explanation(text=text, fix=fix, derived={"hint": hint})
