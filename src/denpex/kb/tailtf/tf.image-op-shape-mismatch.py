"""Computed diagnosis for tf.image-op-shape-mismatch: what the rank / channel count says about the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    channels = facts.get("channels")
    rank = facts.get("image_rank")
    if channels is not None:
        try:
            c = int(channels)
        except (TypeError, ValueError):
            return None
        if c == 1:
            diagnosis = "grayscale image (1 channel)"
            text = "A 1-channel (grayscale) image reached an RGB colour op (hue/saturation/HSV)."
            fix = ("Decode with channels=3 or add tf.image.grayscale_to_rgb(image) before the colour distortion.",)
        elif c == 4:
            diagnosis = "RGBA image (4 channels)"
            text = "A 4-channel (RGBA) image, typically a PNG with transparency, reached an RGB colour op."
            fix = ("Decode with channels=3 (drops alpha) or convert the PNGs to RGB when building the dataset.",)
        else:
            diagnosis = f"{c}-channel input"
            text = f"The colour op got {c} channels on the last axis: the tensor is probably not channels-last image data."
            fix = ("Check the layout (NCHW vs NHWC) and the decoder's channels argument.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if rank is not None:
        try:
            r = int(rank)
        except (TypeError, ValueError):
            return None
        if r == 4:
            diagnosis = "4-D image (GIF or batch)"
            text = ("tf.shape(image) has 4 elements: the image is 4-D - a GIF decoded by decode_image (frames first) "
                    "or a batch passed to the per-image bounding-box sampler.")
            fix = ("tf.io.decode_image(data, channels=3, expand_animations=False), or apply the augmentation before .batch().",)
        else:
            diagnosis = f"{r}-D image"
            text = f"tf.shape(image) has {r} elements; sample_distorted_bounding_box needs [height, width, channels]."
            fix = ("Add a channel axis for 2-D grayscale images (tf.expand_dims(image, -1)) or fix the decoder output shape.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    return None
