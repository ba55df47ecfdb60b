"""Computed diagnosis for tf.gpu-kernel-not-registered: what the op is and where to run it instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(op: str, node: str) -> tuple[str, str]:
    name = op or node.rsplit("/", 1)[-1]
    if name.startswith(("Rng", "StatefulUniform", "StatefulStandardNormal", "StatefulRandom", "StatelessRandomGetKeyCounter")):
        return "random-state", ("a stateful RNG op (tf.random.Generator, Keras RandomFlip/RandomRotation/RandomZoom/"
                                "RandomContrast layers)")
    if name.startswith("ImageProjectiveTransform"):
        return "image-transform", "the projective image transform behind Keras RandomRotation/RandomZoom/RandomTranslation"
    if name.endswith("Dataset") or "Dataset" in node or "Iterator" in name:
        return "tf.data", "a tf.data input-pipeline op, which only has CPU kernels"
    if name in ("SaveV2", "RestoreV2", "MergeV2Checkpoints") or "save/" in node:
        return "checkpoint", "a checkpoint save/restore op, which only runs on the CPU"
    if name in ("VariableV2", "Assign", "AssignAdd", "VarHandleOp") or node.endswith(("/Assign", "_gpu")):
        return "variable", "a variable/assign op whose dtype (often int32/int64) has no GPU kernel"
    return "other", f"op {name}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    node = str(facts.get("node") or "")
    device = str(facts.get("device") or "GPU")
    if not op and not node:
        return None
    metal = bool(facts.get("metal"))
    kind, what = _kind(op, node)
    who = "the tensorflow-metal plugin" if metal else f"this TensorFlow build's {device} kernels"
    text = f"{what[0].upper() + what[1:]} has no kernel in {who}, but it was placed on {device}."
    fix: list[str] = []
    if kind in ("random-state", "image-transform"):
        fix.append("Run the augmentation on the CPU: with tf.device('/CPU:0'): x = data_augmentation(x), or inside "
                   "dataset.map(...) so the tf.data pipeline does it.")
    elif kind in ("tf.data", "checkpoint", "variable"):
        fix.append(f"Remove the explicit tf.device('/{device}:0') scope around this code, or enable soft placement: "
                   "tf.config.set_soft_device_placement(True) (TF1: allow_soft_placement=True).")
    else:
        fix.append(f"Wrap the {op or node} call in with tf.device('/CPU:0'): or enable soft device placement.")
    if metal:
        fix.append("Update tensorflow-macos/tensorflow and tensorflow-metal to a matching pair that registers the kernel "
                   "(or uninstall tensorflow-metal to run everything on the CPU).")
    return Explanation(text=text, fix=tuple(fix), derived={"op_kind": kind, "metal_plugin": metal})
