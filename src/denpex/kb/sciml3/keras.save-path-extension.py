"""Computed diagnosis for keras.save-path-extension: the path given and the path Keras 3 wants."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SUFFIX = re.compile(r"(\.weights\.h5|\.keras|\.hdf5|\.h5|\.ckpt|\.tf|\.pb)$")


def _stem(path: str) -> str:
    return _SUFFIX.sub("", path.rstrip("/.")) or "model"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = str(facts.get("filepath") or "").rstrip(".")
    if not path or sig not in ("save-model", "checkpoint-keras", "checkpoint-weights", "save-weights"):
        return None
    stem = _stem(path)
    if sig == "save-model":
        api, required = "model.save", ".keras (or legacy .h5)"
        text = (f"model.save('{path}') has no .keras/.h5 suffix; Keras 3 no longer writes a TensorFlow SavedModel "
                "directory from model.save.")
        fix = (f"model.save('{stem}.keras')",
               f"For TF Serving / TFLite: model.export('{path}') writes the SavedModel directory.",
               "Or keep Keras 2: pip install tf_keras; export TF_USE_LEGACY_KERAS=1")
    elif sig == "checkpoint-keras":
        api, required = "ModelCheckpoint", ".keras"
        text = f"ModelCheckpoint('{path}') needs a .keras path for full-model checkpoints in this Keras 3 version."
        fix = (f"ModelCheckpoint('{stem}.keras', ...)",
               f"or save weights only: ModelCheckpoint('{stem}.weights.h5', save_weights_only=True, ...)")
    elif sig == "checkpoint-weights":
        api, required = "ModelCheckpoint(save_weights_only=True)", ".weights.h5"
        text = f"With save_weights_only=True the checkpoint path must end in .weights.h5, got '{path}'."
        fix = (f"ModelCheckpoint('{stem}.weights.h5', save_weights_only=True, ...)",
               f"or drop save_weights_only and use ModelCheckpoint('{stem}.keras')")
    else:
        api, required = "save_weights", ".weights.h5"
        text = f"save_weights('{path}') needs a file name ending in .weights.h5 in Keras 3."
        fix = (f"model.save_weights('{stem}.weights.h5')  # and load_weights the same name",)
    return Explanation(text=text, fix=fix, derived={"api": api, "required": required})
