"""Computed diagnosis for torch.input-too-small: which side ran out and by how much the input must grow."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(text: Any) -> list[int] | None:
    if not text:
        return None
    try:
        return [int(p) for p in str(text).replace(" ", "").split("x") if p]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("norm_input_shape"):
        shape = facts["norm_input_shape"]
        return Explanation(
            text=(f"InstanceNorm received {shape}: the feature map has a single spatial element per channel, so it cannot be normalised. "
                  "The input is too small for the network's depth (e.g. a pix2pix/U-Net generator fed an image below its design size); "
                  "PyTorch up to 1.4 silently accepted this, newer releases refuse."),
            fix=("Feed inputs at the generator's design size (often 256 or 512 per side, or a multiple of 2^depth), or resize/pad before the model.",
                 "If the architecture must accept small inputs, drop the normalisation at the 1x1 bottleneck (or use a norm that tolerates it)."),
            derived={"what": f"InstanceNorm at a 1x1 feature map ({shape}): the input is too small for the network"},
        )
    inp, ker, out = _dims(facts.get("input_size")), _dims(facts.get("kernel_size")), _dims(facts.get("output_size"))
    derived: dict[str, Any] = {}
    if inp and ker and len(inp) == len(ker):
        short = [i for i, (a, b) in enumerate(zip(inp, ker)) if a < b]
        factor = max(math.ceil(b / max(a, 1)) for a, b in zip(inp, ker))
        derived["grow_factor"] = factor
        thin = len(inp) >= 2 and max(inp) >= 8 * max(min(inp), 1)
        what = f"Feature map {facts['input_size']} is smaller than the {facts['kernel_size']} kernel"
        text = f"At this convolution the feature map is {facts['input_size']} but the kernel is {facts['kernel_size']}: the input is too small for the network's depth."
        if thin:
            what += " (one side is very thin)"
            text += f" One side is far smaller than the other: the input has an extreme aspect ratio (dimension {short[0] if short else '?'})."
            fix = ("Resize or crop so the short side is large enough (at least ~{0}x its current size), or exclude extreme aspect ratios/buckets.".format(factor),)
        else:
            fix = (f"Feed inputs at least ~{factor}x larger per side (or the model's design resolution, e.g. 224), pad small inputs, or use a small-input variant of the architecture.",)
        derived["what"] = what
        return Explanation(text=text, fix=fix, derived=derived)
    if inp and out:
        derived["what"] = f"Pooling output would be {facts['output_size']} for input {facts['input_size']}: the window is larger than the feature map"
        text = f"A pooling layer received {facts['input_size']} and would produce {facts['output_size']}: its window is larger than the feature map (a fixed pooling size in the head, or an input smaller than the design resolution)."
        fix = ("Use adaptive pooling (nn.AdaptiveAvgPool2d(1) / F.adaptive_avg_pool2d(x, 1)) instead of a fixed window, or feed inputs at the model's design resolution (e.g. 224 for ImageNet backbones, not 32x32 CIFAR images).",)
        return Explanation(text=text, fix=fix, derived=derived)
    return None
