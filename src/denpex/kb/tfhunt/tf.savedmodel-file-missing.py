"""Computed diagnosis for tf.savedmodel-file-missing: TF Hub cache folder or a wrong path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    if "tfhub_modules" in path:
        diagnosis = "incomplete TF Hub cache folder"
        text = (f"{path} is TF Hub's download cache for this model; the folder exists but holds no saved_model.pb "
                "(interrupted download or the temp folder was cleaned), so TF Hub reuses it instead of downloading again.")
        rm = f'rmdir /s /q "{path}"' if "\\" in path else f"rm -rf '{path}'"
        fix = (f"Delete the cache folder and rerun: {rm}",
               "Keep the cache out of the temp folder: set TFHUB_CACHE_DIR to a persistent directory.")
    elif path.lower().endswith((".h5", ".keras", ".hdf5")):
        diagnosis = "model file loaded as a SavedModel folder"
        text = f"{path} is a Keras model file, not a SavedModel folder."
        fix = (f"Load it with tf.keras.models.load_model('{path}') (or keras.saving.load_model for .keras).",)
    else:
        diagnosis = "no SavedModel in the given folder"
        text = (f"There is no saved_model.pb in {path}: the path is wrong, relative to another working directory, "
                "or points above/below the SavedModel folder.")
        fix = (f"ls '{path}' and pass the folder that directly contains saved_model.pb (absolute path).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
