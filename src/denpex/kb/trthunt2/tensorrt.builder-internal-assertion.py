"""Computed diagnosis for tensorrt.builder-internal-assertion: classify the failed condition."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "build-null-engine":
        return Explanation(
            text=("buildSerializedNetwork produced no engine. This line is a consequence: the cause is the [E] line printed "
                  "before it (another assertion, 'Could not find any implementation', OutOfMemory, a plugin failure)."),
            fix=("Read the first TensorRT [E] line above; rerun trtexec --verbose if there is none.",),
            derived={"kind": "no engine produced (collateral)", "component": "builder"})
    comp = facts.get("component")
    cond = facts.get("assertion")
    if not isinstance(comp, str) or not isinstance(cond, str):
        return None
    c = comp.lower()
    fix: list[str] = []
    if "plugin" in c and "kSTATUS_SUCCESS" in cond:
        kind = "plugin enqueue failed"
        text = ("A plugin returned an error from enqueue while TensorRT ran it (tactic timing or inference). The plugin "
                "does not support this input shape/type/format, was built for another GPU, or has a bug.")
        fix += ["Run the plugin alone with the failing shapes; rebuild the plugin library for this GPU (matching CUDA/TensorRT).",
                "Check which plugin: trtexec --verbose shows the layer being timed before the error."]
    elif "memSize" in cond or "size" in cond.lower() and ">= 0" in cond:
        kind = "size overflow"
        text = (f"The size check '{cond}' failed: a tensor or workspace size went negative, i.e. overflowed int32. "
                "The profile's max shapes are too large for this layer.")
        fix += ["Reduce --maxShapes / max batch, split the model, or upgrade TensorRT (10.x handles larger tensors)."]
    elif "random" in c:
        kind = "random op type"
        text = ("TensorRT cannot generate the requested output type for a RandomNormal/RandomUniform(Like) node.")
        fix += ["Replace the random op with an input or constant, or cast its output to float32 in the ONNX graph."]
    elif "checksanity" in c or "myelin" in c or "caskklib" in cond.lower():
        kind = "builder defect"
        text = (f"An internal builder check in {comp} failed ('{cond}'): usually a TensorRT defect for this graph or an "
                "inconsistent installation.")
        fix += ["Upgrade TensorRT; constant-fold the model (polygraphy surgeon sanitize --fold-constants) and retry.",
                "Check that libnvinfer and its builder resource libraries come from one release."]
    else:
        kind = "internal check"
        text = (f"TensorRT's {comp} ({facts.get('func') or '?'}) failed its internal check '{cond}'.")
        fix += ["Upgrade TensorRT, simplify the ONNX (polygraphy surgeon sanitize --fold-constants / onnxsim), reduce shapes; "
                "report with a reduced model (polygraphy debug reduce) if it persists."]
    return Explanation(text=text, fix=tuple(fix), derived={"kind": kind})
