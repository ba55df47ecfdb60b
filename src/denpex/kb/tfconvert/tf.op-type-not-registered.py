"""Computed diagnosis for tf.op-type-not-registered: which library or version provides the op."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TEXT = ("CaseFoldUTF8", "NormalizeUTF8", "SentencepieceOp", "SentencepieceTokenizeOp", "WordpieceTokenizeWithOffsets",
         "RegexSplitWithOffsets", "UnicodeScriptTokenizeWithOffsets", "WhitespaceTokenizeWithOffsets", "FastWordpieceTokenizeWithOffsets",
         "FastBertNormalize", "TFText>")
_NEWER_TF = ("RaggedBincount", "DenseBincount", "SparseBincount", "DisableCopyOnRead", "XlaCallModule", "StatelessRandomGetKeyCounter",
             "UniformQuantizedDot", "AssignVariableXlaConcatND")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    if not op:
        return None
    host = str(facts.get("host") or "")
    on = f" on {host}" if host else ""
    if op.startswith(_TEXT) or op in _TEXT:
        lib, fix = "tensorflow_text", ("import tensorflow_text  # before tf.saved_model.load / load_model (pip install tensorflow-text==<your TF minor>.*)",
                                     "TF Serving: use a model server build that includes the TF Text ops.")
    elif op.startswith("Addons>"):
        lib, fix = "tensorflow_addons", ("import tensorflow_addons as tfa before loading (matching TF version), or replace the Addons layer/op before export.",)
    elif op.startswith("IO>"):
        lib, fix = "tensorflow_io", ("import tensorflow_io before loading (matching TF version).",)
    elif op.startswith("SimpleML"):
        lib, fix = "tensorflow_decision_forests", ("import tensorflow_decision_forests before loading; TF Serving needs the TF-DF-enabled build.",)
    elif op.startswith("TFRA>"):
        lib, fix = "tensorflow_recommenders_addons", ("import tensorflow_recommenders_addons before loading.",)
    elif op in _NEWER_TF:
        lib, fix = "a newer TensorFlow", (f"Upgrade the loading TensorFlow/TF Serving: '{op}' is a core op newer than this runtime, or re-export with the runtime's TF version.",)
    else:
        lib, fix = "", (f"Find who registers '{op}': a custom op library (tf.load_op_library('..so') before loading), an add-on package to import, "
                        "or a newer TensorFlow than this runtime; align versions with the exporting environment.",)
    if lib:
        text = f"The graph uses op '{op}', which is registered by {lib}; the process{on} loading it does not have it."
        hint = f" (provided by {lib})"
    else:
        text = f"The graph uses op '{op}', which is not registered in the TensorFlow binary{on}."
        hint = " (custom op library, add-on package or newer TensorFlow)"
    return Explanation(text=text, fix=fix, derived={"hint": hint})
