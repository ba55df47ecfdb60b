"""Computed diagnosis for numpy.axis-error: the axis asked for vs the array's number of dimensions and the
usual reason (labels already class ids, a squeezed batch/class axis, a scalar, a grayscale image)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    axis = facts.get("axis")
    ndim = facts.get("ndim")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    if not isinstance(axis, int) or not isinstance(ndim, int):
        return None
    parts: list[str] = []
    fix: list[str] = []
    valid = "only 0" if ndim == 1 else (f"0..{ndim - 1}" if ndim > 1 else "none (it is a scalar)")
    headline = f"axis {axis} requested on a {ndim}-D array (valid axes: {valid})"
    parts.append(f"The operation asked for axis {axis}, but the array has {ndim} dimension(s), so valid axes are {valid}" + ((" (or -1)" if ndim == 1 else f" (or -{ndim}..-1)") if ndim > 0 else "") + ": the array has fewer dimensions than the code expects.")
    low = code.lower()
    if ndim == 0:
        parts.append("A 0-D array is a single number: it was already reduced (sum/mean/argmax without axis), or one value was returned where an array of values was expected.")
        fix.append("Remove the axis argument or keep the dimensions in the earlier reduction (keepdims=True / axis=...); print(np.shape(x)).")
    elif ndim == 1 and axis in (1, -2):
        if re.search(r"argmax|argmin", low) or "label" in low:
            parts.append("A 1-D array with argmax(axis=1): the labels/predictions are already class ids (sparse labels, or argmax was applied before), not one-hot/probability rows.")
            fix.append("Call argmax(axis=1) only on 2-D (n_samples, n_classes) arrays; if y is already class ids use it directly (or np.atleast_2d / reshape(-1, n_classes) if it was flattened).")
        else:
            parts.append("The array lost its second axis: a squeeze() that also removed a size-1 class/feature axis (one class, one feature), a single sample taken with x[i] instead of x[i:i+1], or data that is one column where two were expected.")
            fix.append("Use squeeze(axis=0) (only the batch axis), keep 2-D slices (x[i:i+1], x[:, [j]]), or reshape(-1, 1); print(x.shape) before the call.")
    elif ndim == 2 and axis in (2, -3):
        parts.append("A 2-D array where 3 dimensions were expected: a grayscale image (H, W) where (H, W, C) is assumed, or a missing batch/sequence axis.")
        fix.append("Add the missing axis (img[..., None] / np.expand_dims(x, 0)) or convert images to RGB (Image.convert('RGB')) before this step.")
    else:
        parts.append("The array is missing a dimension the code assumes (batch, channel, class or time axis) - a squeeze, an indexing that dropped an axis, or input of another layout.")
        fix.append("Print x.shape before the call; add the missing axis (np.expand_dims) or fix the axis argument for this layout.")
    if frame.pkg and frame.pkg != "numpy":
        parts.append(f"The call is inside {frame.pkg}: the array you passed it has fewer dimensions than it expects (e.g. one class, one sample, grayscale).")
    elif code and frame.pkg != "numpy" and not code[:1].isdigit():
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
