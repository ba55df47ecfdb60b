"""Computed diagnosis for gradcam.cam-api-changed: the replacement for the old argument."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEW = {
    "use_cuda": ("use_cuda was removed in grad-cam 1.5.0: the CAM runs on the device of the model's parameters",
                 "Delete use_cuda=...; call model.to(device) and pass input_tensor.to(device).",
                 "grad-cam==1.4.8"),
    "target_layer": ("target_layer was replaced by target_layers (a list) in grad-cam 1.3.0",
                     "Pass target_layers=[layer] (e.g. target_layers=[model.layer4[-1]]).",
                     "grad-cam==1.2.9"),
    "target_category": ("target_category was replaced by targets in grad-cam 1.3.7",
                        "Call cam(input_tensor=x, targets=[ClassifierOutputTarget(class_idx)]) "
                        "(from pytorch_grad_cam.utils.model_targets import ClassifierOutputTarget); targets=None uses the top class.",
                        "grad-cam==1.3.6"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kwarg = facts.get("kwarg")
    cam = facts.get("cam") or "the CAM class"
    if isinstance(kwarg, str) and kwarg in _NEW:
        why, fix_line, pin = _NEW[kwarg]
        return Explanation(
            text=f"{cam} was called with {kwarg}=...: {why}.",
            fix=(fix_line, f"Or pin the release the code was written for: pip install '{pin}'."),
            derived={"what": f"{kwarg}= is no longer accepted"},
        )
    layer = facts.get("layer")
    if isinstance(layer, str) and layer:
        return Explanation(
            text=f"target_layers was a single {layer} module; the CAM iterates over it as a list of layers.",
            fix=(f"Wrap it in a list: target_layers=[<that {layer} module>].",),
            derived={"what": f"target_layers given as one {layer} instead of a list"},
        )
    if facts.get("cam"):
        return Explanation(
            text=f"{cam}.__del__ found no hooks because its constructor failed; the error printed before this one is the cause.",
            fix=("Fix the constructor error above (old keyword arguments or target_layers not a list).",),
            derived={"what": "constructor failed (see the error above)"},
        )
    return None
