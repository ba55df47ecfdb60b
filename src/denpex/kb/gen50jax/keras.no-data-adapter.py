"""Computed diagnosis for keras.no-data-adapter: which input Keras could not handle."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(t: str) -> tuple[str, str]:
    if "ImageDataGenerator" in t:
        return ("an ImageDataGenerator object", "Pass datagen.flow(x, y, batch_size=...) or datagen.flow_from_directory(...), not the generator object.")
    if "NoneType" in t:
        return ("None as x or y", "x or y is None: check the loader that produced it (or call evaluate/predict with data).")
    if "EagerTensor" in t and "list" in t:
        return ("a Python list of tensors", "Stack the tensors: x = tf.stack(list_of_tensors) (or np.array([t.numpy() for t in ...])).")
    if "list" in t:
        return ("a Python list", "Convert to NumPy: np.asarray(x, dtype='float32') and np.asarray(y); pad ragged sequences first (pad_sequences).")
    if "pandas" in t:
        return ("a pandas object", "Pass df.to_numpy() (older TF releases have no pandas adapter).")
    if "torch" in t:
        return ("a PyTorch object", "Convert to NumPy (tensor.numpy()) or use Keras 3 with the torch backend for DataLoaders.")
    return ("an unsupported input type", "Convert x and y to NumPy arrays or a tf.data.Dataset.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    types = str(facts.get("types") or facts.get("type3") or "")
    if not types:
        return Explanation(text="Keras found no data adapter for the input passed to fit/evaluate/predict.",
                           fix=("Convert x and y to NumPy arrays (pad ragged sequences) or a tf.data.Dataset.",),
                           derived={"input_kind": "unsupported input type"})
    top = re.findall(r"<class '([^']+)'>", types)
    kind, fix = _kind(types)
    text = f"Keras could not find a data adapter for {kind}"
    if top:
        text += f" (types seen: {', '.join(dict.fromkeys(top))})"
    text += "."
    return Explanation(text=text, fix=(fix, "Or wrap the data in tf.data.Dataset.from_tensor_slices((x, y)).batch(N)."),
                       derived={"input_kind": kind})
