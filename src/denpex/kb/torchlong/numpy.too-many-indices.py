"""Computed diagnosis for numpy.too-many-indices: rank of the array vs indices used, known library cases."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    container = "tensor" if sig == "tensor-dimension" else "array"
    code = facts.get("code") if isinstance(facts.get("code"), str) else ""
    code = code.strip()
    hint = f" in `{code}`" if code else ""
    derived: dict[str, Any] = {"container": container, "code_hint": hint}
    ndim = facts.get("ndim")
    indexed = facts.get("indexed")
    low = code.lower()
    fix: list[str] = []
    if "indices[" in low or "nms" in low or "idxs[" in low:
        diagnosis = "flat NMSBoxes result indexed as (N, 1)"
        text = (f"The indexed object{hint} looks like a cv2.dnn.NMSBoxes result: OpenCV 4.5.4+ returns a flat (N,) array, "
                "while the code expects the old (N, 1) shape.")
        fix.append("indices = np.array(indices).flatten() and then use indices[i] / bboxes[indices]")
    elif "ax[" in low or "axes[" in low or "axs[" in low:
        diagnosis = "1-D axes array from plt.subplots"
        text = f"The code{hint} indexes a grid of matplotlib axes with two indices, but plt.subplots with one row or column returns a 1-D array."
        fix.append("fig, ax = plt.subplots(rows, cols, squeeze=False) (always 2-D), or index ax[i]")
    elif ndim == 2 and indexed == 3:
        diagnosis = "2-D (grayscale) image indexed with a channel"
        text = f"A 2-D array is indexed with 3 indices{hint}: typically a grayscale image read where a colour (H, W, C) image was expected."
        fix.append("img = np.atleast_3d(img) or cv2.cvtColor(img, cv2.COLOR_GRAY2BGR); or read with cv2.imread(p, cv2.IMREAD_COLOR)")
    elif ndim == 1:
        diagnosis = f"1-D {container} indexed with more indices"
        text = (f"A 1-D array is indexed with {indexed or 'more than one'} indices{hint}: the data has one row/column less than "
                "the code assumes (a one-row file read with loadtxt, a single sample, an empty result of shape (0,)).")
        fix.append("a = np.atleast_2d(a) / a.reshape(-1, k), or np.loadtxt(path, ndmin=2)")
    elif ndim == 0:
        diagnosis = "0-d (scalar) indexed"
        text = f"A 0-d {container} (a single value){hint} is indexed; use the value directly (.item() / float(a))."
        fix.append("Drop the index or call .item()")
    else:
        diagnosis = f"the {container} has fewer dims than the indexing uses"
        text = f"The {container} has fewer dimensions than the indexing{hint} uses; print its shape before the line."
        fix.append("print(a.shape) before the line and reshape or adjust the indexing")
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=tuple(fix), derived=derived)
