"""Computed diagnosis for tf.v1-graph-api-under-eager: which TF1 API, and its TF2 replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PORT = {
    "placeholder": ("placeholder", "pass the data as function arguments (wrapped in @tf.function) or use keras.Input"),
    "gradients": ("gradients", "compute gradients with tf.GradientTape (tape.gradient(loss, vars))"),
    "queue-input-pipeline": ("queue-based input pipeline (tf.train.*_input_producer, shuffle_batch)", "read the files with tf.data: tf.data.TextLineDataset / TFRecordDataset(files).map(parse).shuffle(n).batch(b), iterated directly in eager mode"),
    "filewriter": ("FileWriter", "log with writer = tf.summary.create_file_writer(logdir); with writer.as_default(): tf.summary.scalar(...)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    api = facts.get("api")
    sig = str(facts.get("_signature") or "")
    if not api and sig not in _PORT:
        return None
    name, port = _PORT.get(sig, (str(api), "port the code to TF2 eager APIs"))
    api = str(api or name)
    diagnosis = f"TF1 {name} under eager execution"
    text = (f"{api} only works in graph mode, and this TensorFlow runs eagerly (TF2 default): the code is TF1 code. "
            "Renaming it to tf.compat.v1 does not help while eager execution is on.")
    fix = ("First lines of the entry script: import tensorflow.compat.v1 as tf; tf.disable_v2_behavior() "
           "(before any model, layer or dataset is built).",
           f"Or port it to TF2: {port}.",
           "Or run the code on the TensorFlow it was written for (tensorflow==1.15, Python <= 3.7).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
