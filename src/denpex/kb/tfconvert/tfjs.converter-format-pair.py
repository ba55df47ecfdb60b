"""Computed diagnosis for tfjs.converter-format-pair: which pair to use instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TF_GRAPH = ("tf_saved_model", "tf_frozen_model", "tf_hub", "tf_session_bundle")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("input_format") or "")
    dst = str(facts.get("output_format") or "")
    if not src:
        return None
    if src in _TF_GRAPH and dst == "tfjs_layers_model":
        text = f"{src} is a TensorFlow graph without Keras layer configs: it converts only to tfjs_graph_model, never to a layers model."
        fix = (f"tensorflowjs_converter --input_format={src} --output_format=tfjs_graph_model <input> <output>, then tf.loadGraphModel(...) in JS.",
               "If you need tf.loadLayersModel: convert the Keras model instead (--input_format=keras model.h5 or --input_format=keras_saved_model).")
    elif src == "tf_frozen_model":
        text = "This tensorflowjs version does not convert frozen graphs (removed in 1.0.x, back in later releases)."
        fix = ("pip install -U tensorflowjs and pass --output_node_names=..., or re-export the model as a SavedModel and use --input_format=tf_saved_model.",)
    elif src == "tf_session_bundle":
        text = "Session bundles are not converted by tensorflowjs."
        fix = ("Export a SavedModel (tf.compat.v1.saved_model.simple_save / builder) and convert with --input_format=tf_saved_model.",)
    elif dst == "keras":
        text = f"Output 'keras' (an .h5) is only made from a tfjs_layers_model, not from {src}."
        fix = ("Use --input_format=tfjs_layers_model model.json --output_format=keras out.h5.",)
    else:
        text = f"tensorflowjs_converter has no conversion from {src} to {dst or '(inferred output)'} in this version."
        fix = ("Run tensorflowjs_converter --help for the valid formats; Keras inputs -> tfjs_layers_model/tfjs_graph_model, TF graph inputs -> tfjs_graph_model.",)
    return Explanation(text=text, fix=fix, derived={})
