"""Computed diagnosis for keras.weight-file-layer-count-mismatch: read the two counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        n_file = int(facts["file_layers"])
        n_model = int(facts["model_layers"])
    except (KeyError, TypeError, ValueError):
        return None
    if n_file == 0:
        diagnosis = "weights file holds no weights"
        text = (f"The file lists 0 weighted layers (the model has {n_model}): it is empty, truncated, a Git LFS pointer "
                "or not a Keras weights file.")
        fix = ("Re-download the weights and check the size (h5ls -r file.h5), or point to the real weights file.",)
    elif n_model <= 3 < n_file:
        diagnosis = "model nests its base network as one layer"
        text = (f"The file has {n_file} weighted layers but the model only {n_model}: the model wraps a base network "
                "(e.g. a pretrained backbone) as a single layer, while the file was saved from the flat network.")
        fix = ("Load the weights into the inner base model (base_model.load_weights(path)) or build the model flat as when it was saved.",)
    else:
        more = "file" if n_file > n_model else "model"
        diagnosis = f"architecture differs ({n_file} saved vs {n_model} built)"
        text = (f"The {more} has {abs(n_file - n_model)} more weighted layer(s): {n_file} in the file, {n_model} in the model. "
                "The code does not build the architecture the weights were saved from.")
        fix = ("Build the model with the same code version and options (depth, backbone, num_classes, include_top) as the saved one.",
               "For partial transfer: model.load_weights(path, by_name=True, skip_mismatch=True) (Keras 2 / tf_keras).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
