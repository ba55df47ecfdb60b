"""Computed diagnosis for numpy.boolean-index-mismatch: compare the mask and array sizes."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _shape(text: Any) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(p) for p in str(text).replace(" ", "").split(",") if p != ""]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        axis = int(facts["axis"])
    except (KeyError, TypeError, ValueError):
        return None
    mask = _shape(facts.get("mask_shape"))
    tensor = _shape(facts.get("tensor_shape"))
    size = facts.get("size")
    mask_size = facts.get("mask_size")
    if mask is not None and tensor is not None:
        # torch wording: full shapes are known
        tail = tensor[axis:] if axis < len(tensor) else []
        if len(mask) == 1 and tail and mask[0] == math.prod(tail) and len(tail) > 1:
            shape_txt = ", ".join(str(t) for t in tail)
            diagnosis = f"flat mask of {mask[0]} entries on a [{shape_txt}] block"
            text = (f"The mask is 1-D with {mask[0]} entries = the product of the tensor's sizes {tail} from axis {axis}: "
                    "it was flattened (or the tensor was not).")
            fix = (f"Reshape the mask to the tensor layout: mask.view({shape_txt}) (or flatten the tensor the same way).",)
            return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
        if axis < len(tensor):
            size, mask_size = tensor[axis], mask[0] if len(mask) == 1 else None
            if mask_size is None:
                idx = facts.get("mask_index")
                try:
                    mask_size = mask[int(idx)]
                except (TypeError, ValueError, IndexError):
                    mask_size = None
    try:
        n = int(size)
        m = int(mask_size)
    except (TypeError, ValueError):
        return None
    if n == 0:
        diagnosis = f"indexed array is empty on axis {axis}"
        text = f"The array being indexed has 0 elements on axis {axis} while the mask has {m}: an empty result upstream (no detections / no kept columns)."
        fix = ("Guard the empty case before indexing (if arr.shape[axis] == 0: ...), and check why the upstream step produced nothing.",)
    elif m > n:
        diagnosis = f"mask longer by {m - n} ({m} vs {n})"
        text = (f"The mask has {m} entries on axis {axis} but the array only {n}: the mask comes from a larger/unfiltered array "
                "(or another image size / split) than the one indexed.")
        fix = ("Compute the mask from the same array it indexes, or apply the earlier filter to this array as well.",)
    else:
        diagnosis = f"mask shorter by {n - m} ({m} vs {n})"
        text = (f"The mask has {m} entries on axis {axis} but the array has {n}: the mask was computed on a filtered/truncated "
                "or resized copy (top-K, threshold, NMS, resize) and applied to the full array.")
        fix = ("Apply the same filtering to both arrays together, or build the mask from the full array.",)
    if n and m and (n % m == 0 or m % n == 0) and n != m:
        text += f" One size is a multiple of the other ({max(n, m) // min(n, m)}x): a batch/anchor/class dimension may be folded in one of them."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
