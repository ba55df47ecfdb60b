"""Computed diagnosis for tf.graph-execution-error: which layer failed and what its kernel message means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GROWTH = ("Enable GPU memory growth before the model is built: for g in tf.config.list_physical_devices('GPU'): "
           "tf.config.experimental.set_memory_growth(g, True) (or export TF_FORCE_GPU_ALLOW_GROWTH=true), and check "
           "nvidia-smi that no other process or notebook kernel holds the GPU.")
_CUDNN = ("Install the cuDNN/CUDA this TensorFlow was built for: pip install 'tensorflow[and-cuda]' (Linux) and remove "
          "system cuDNN copies from LD_LIBRARY_PATH; compare tf.sysconfig.get_build_info()['cudnn_version'] with the "
          "'Loaded runtime CuDNN library' line.")


def _dims(text: Any) -> list[int]:
    try:
        return [int(x) for x in str(text).split(",") if x.strip()]
    except ValueError:
        return []


def _layer(node: Any) -> str | None:
    if not node:
        return None
    parts = str(node).split("/")
    return "/".join(parts[:-1]) if len(parts) > 1 else parts[0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = str(facts.get("op_message") or "")
    node = facts.get("node")
    layer = _layer(node)
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    where = f"node {node}" if node else "a graph node"
    if layer and layer != node:
        derived["layer"] = layer
    values, req = facts.get("reshape_values"), facts.get("reshape_requested")
    logits, labels = _dims(facts.get("logits_size")), _dims(facts.get("labels_size"))
    if "No algorithm worked" in msg:
        derived["what"] = "cuDNN found no working algorithm (No algorithm worked!)"
        parts.append(f"cuDNN could not run any algorithm for {where}: usually no GPU memory was left for its workspace "
                     "(TensorFlow preallocates the GPU; another process may hold the rest) or the cuDNN/GPU pair is unsupported.")
        fix += [_GROWTH, "If memory is free, reduce the batch size once to test, then " + _CUDNN[0].lower() + _CUDNN[1:]]
    elif "DNN library is not found" in msg:
        derived["what"] = "cuDNN could not be loaded or initialised (DNN library is not found)"
        parts.append(f"{where} needs cuDNN, and TensorFlow could not create a cuDNN handle: cuDNN is missing, of a version "
                     "this TensorFlow was not built for, or GPU memory was exhausted when the handle was created.")
        fix += [_CUDNN, _GROWTH]
    elif isinstance(values, int) and isinstance(req, int) and req > 0:
        multiple = facts.get("reshape_kind") == "requires a multiple of"
        if multiple:
            derived["what"] = f"reshape of {values} values into a shape needing a multiple of {req}"
            parts.append(f"Reshape at {where} got a tensor of {values} values but its target shape (one dimension -1) needs "
                         f"a multiple of {req}; {values} / {req} = {values / req:.3g}.")
        else:
            derived["what"] = f"reshape of {values} values into a shape of {req}"
            parts.append(f"Reshape at {where} got {values} values but the target shape holds exactly {req} "
                         f"(ratio {values / req:.3g}).")
        if values % req == 0 and not multiple:
            parts.append(f"{values} is {values // req}x {req}: the target shape hard-codes a batch (or another dimension) "
                         f"that is {values // req}x larger in the data.")
            fix.append("Use -1 for the batch dimension in Reshape / tf.reshape (e.g. tf.reshape(x, (-1, ...))), or "
                       "drop_remainder=True if only the last batch differs.")
        elif req % values == 0 and not multiple:
            parts.append(f"The data is {req // values}x smaller than the shape expects: a smaller image/sequence or the last partial batch.")
            fix.append("Feed inputs of the size the model was built for, or build it for the real size; use -1 for the batch dimension.")
        else:
            parts.append("The sizes do not divide: the input's image size, channels or sequence length differs from the one the layer was built with.")
            fix.append("Resize/pad inputs to the model's Input shape (model.input_shape), or rebuild the model (Flatten/Reshape, Dense after it) for the real input size.")
    elif logits and labels:
        derived["what"] = f"logits {logits} vs labels {labels}"
        if len(logits) == len(labels) and logits[:-1] == labels[:-1] and logits[-1] != labels[-1]:
            c, k = logits[-1], labels[-1]
            derived["classes_model"], derived["classes_labels"] = c, k
            parts.append(f"The model outputs {c} classes but the one-hot labels have {k}.")
            if c == k + 1 or k == c + 1:
                parts.append("Off by one: often a stray folder/file (.ipynb_checkpoints, desktop.ini) counted as a class, or a class missing in one split.")
            fix.append(f"Make the last layer Dense({k}) (units = number of label classes), or fix the label encoding so it has {c} classes; "
                       "with integer labels use sparse_categorical_crossentropy instead.")
        elif logits and labels and logits[0] != labels[0]:
            parts.append(f"Logits have {logits[0]} rows and labels {labels[0]}: the labels were reshaped/batched differently from the outputs "
                         "(labels fed as one row, a flattened spatial output, or a generator yielding mismatched batches).")
            fix.append("Make labels and model outputs share the batch dimension: check the dataset's (x, y) shapes and the model's output shape.")
        else:
            parts.append("Labels and logits have different shapes for the cross-entropy.")
            fix.append("Match the label shape to model.output_shape (one-hot width = Dense units).")
    elif msg:
        derived["what"] = msg[:160]
        parts.append(f"The kernel of {where} failed with: {msg[:300]}")
        fix.append("Fix what the kernel message says; the Graph execution error header is only the wrapper.")
    else:
        cls = facts.get("error_class") or "an error"
        derived["what"] = f"{cls} inside a tf.function (read the message after the node's traceback)"
        parts.append(f"An op of the compiled graph raised {cls} at {where}. The cause is the kernel message printed after "
                     "the node's definition traceback (after 'Node: ...' or '<stack traces unavailable>').")
        fix.append("Read that message (or the 'OP_REQUIRES failed at' warning above the traceback); rerun with "
                   "tf.config.run_functions_eagerly(True) to see the failing Python line.")
    if layer and not any(w in str(node).lower() for w in ("crossentropy", "loss")):
        parts.append(f"The failing layer is {layer} (model.get_layer / model.summary shows its shapes).")
    if facts.get("tf_function"):
        parts.append(f"It ran inside {facts['tf_function']}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
