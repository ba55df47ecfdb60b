"""Computed diagnosis for mps.adaptive-pool-non-divisible: which direction failed and the caller's usual fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CALLERS = {
    "facenet_pytorch": "facenet-pytorch MTCNN resizes with interpolate(mode='area'); create the MTCNN with device='cpu' "
                       "(it is light) and keep the recognition network on 'mps'.",
    "torchvision": "a torchvision classifier head (AdaptiveAvgPool2d((7, 7)) in VGG/AlexNet): feed 224x224 (or 448) images "
                   "so the last feature map is a multiple of 7.",
    "segmentation_models_pytorch": "a pyramid pooling module (bins 1/2/3/6): make the feature map divisible by 6 "
                                   "(input side a multiple of 6 x the encoder stride).",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    direction = str(facts.get("direction") or "")
    if direction not in ("input", "output"):
        return None
    caller = str(facts.get("caller") or "")
    if direction == "input":
        text = ("Adaptive pooling on MPS is downsampling to a size that does not divide the input "
                "(e.g. 10 -> 6, or a feature map that is not a multiple of 7 for a 7x7 head).")
        fix = ["Resize the input so H and W are multiples of the output size (H % out_h == 0 and W % out_w == 0)."]
    else:
        text = ("Adaptive pooling on MPS is upsampling to a size that is not a multiple of the input "
                "(e.g. 3 -> 7): only whole-number ratios are implemented on MPS.")
        fix = ["Make the output a multiple of the input, or upsample with F.interpolate(mode='nearest'/'bilinear') instead."]
    fix.append("Or run that call on the CPU: y = F.adaptive_avg_pool2d(x.cpu(), size).to(x.device); upgrading PyTorch adds "
               "non-divisible support in recent releases.")
    if caller in _CALLERS:
        text += " Caller: " + _CALLERS[caller]
    return Explanation(text=text, fix=tuple(fix), derived={"direction": direction, "caller": caller})
