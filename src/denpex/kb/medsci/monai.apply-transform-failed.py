"""Computed diagnosis for monai.apply-transform-failed: which transform failed (innermost of the chain)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = (
    ("LoadImage", "the file could not be read: check the path, that the reader library (nibabel/itk/pydicom) is installed, and that the file is not corrupt"),
    ("EnsureChannelFirst", "the image has no channel information: use channel_dim='no_channel' for 2D/NumPy inputs"),
    ("AddChannel", "channel handling failed: AddChanneld is deprecated, use EnsureChannelFirstd"),
    ("Spacing", "resampling failed: check the affine/pixdim of the image (0 or NaN spacing) and the memory for large volumes"),
    ("Orientation", "reorientation failed: the image needs a channel-first array with a valid affine"),
    ("Crop", "cropping failed: the image is smaller than the crop size or the label has no foreground; pad first (SpatialPadd)"),
    ("Resize", "resizing failed: spatial_size must have one entry per spatial dimension"),
    ("ScaleIntensity", "intensity scaling failed: check the dtype and NaN values"),
    ("ToTensor", "conversion failed: check the dtype of the array"),
)


def _short(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("transform")
    names = [str(x) for x in (raw if isinstance(raw, (list, tuple)) else [raw]) if x]
    if not names:
        return None
    inner = next((n for n in names if _short(n) != "Compose"), names[0])
    short = _short(inner)
    hint = next((h for key, h in _HINTS if key in short), "")
    if short == "Compose":
        text = ("Only the Compose wrapper is named: the failing transform and its exception are not in this excerpt. "
                "Rerun with num_workers=0 to see the full chain.")
    else:
        text = f"The transform that raised is {short} ({inner}); the wrappers after it only re-raise. " + (f"Typically {hint}." if hint else "")
    fix = (
        "Read the first traceback of the chain (before 'The above exception was the direct cause'): it is the real error.",
        f"Reproduce on one item: ds = Dataset(data, transform); ds[i] with DataLoader(num_workers=0); step through the transforms up to {short}.",
    )
    return Explanation(text=text.strip(), fix=fix, derived={"innermost": short})
