"""Computed diagnosis for torch.view-non-contiguous: the failing call rewritten, or the array to copy."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "").strip()
    array = str(facts.get("array") or "").strip()
    flip = str(facts.get("flip") or "").strip()
    derived: dict[str, Any] = {}
    if facts.get("negative_stride") or array or flip:
        m = re.match(r"torch\.(?:from_numpy|as_tensor|tensor)\(([^()]{1,80})\)", array)
        name = m.group(1) if m else ""
        derived["what"] = "torch.from_numpy got a numpy array with negative strides" + (f" ({name})" if name else "")
        text = (f"The conversion `{array}` got a numpy array with a negative stride" if array else
                "torch.from_numpy / torch.as_tensor got a numpy array with a negative stride")
        text += f", produced by {flip} in the preprocessing above." if flip else ": a reversed/flipped view (arr[..., ::-1], np.flip, np.fliplr, np.rot90) earlier in the pipeline."
        first = (f"torch.from_numpy({name}.copy())" if name and "," not in name and array.count("(") <= 3 and len(re.findall(r"from_numpy|as_tensor", array)) == 1 else "Add .copy() (or np.ascontiguousarray) to the flipped array(s) passed on that line")
        fix = (first + " - copy the flipped array before converting.",
               "For BGR->RGB use cv2.cvtColor(img, cv2.COLOR_BGR2RGB), which returns a contiguous array.")
        return Explanation(text=text, fix=fix, derived=derived)
    if call:
        m = re.search(r"([\w.\[\]:()-]*)\.view\(", call)
        obj = m.group(1) if m else ""
        fixed = call.replace(".view(", ".reshape(", 1)
        derived["what"] = f"view() on a non-contiguous tensor: {call}"
        text = f"The failing call is `{call}`: the tensor{(' ' + obj) if obj else ''} is not contiguous, so view cannot re-shape it without copying."
        if re.search(r"correct\[:\s*k\s*\]", call):
            text += " This is the classic top-k accuracy helper: correct = pred.t().eq(target...) is transposed, and its [:k] rows are not contiguous."
        elif re.search(r"\.view\(\s*[\w.]+\.size\(0\)\s*,\s*-1\s*\)", call):
            text += " Flattening features with view fails when the feature map came from permute/transpose or is channels_last."
        elif re.search(r"\.(?:t|transpose|permute|expand|narrow)\(", obj):
            text += " The tensor is produced on the same line by a transpose/permute/expand, which changes strides without moving data."
        return Explanation(text=text, fix=(f"Replace it with `{fixed}` (reshape copies only when needed), or add .contiguous() before .view().",),
                           derived=derived)
    derived["what"] = "view() on a non-contiguous tensor"
    return Explanation(
        text="A .view() was applied to a non-contiguous tensor (after transpose/permute/t()/expand or a slice); the traceback line above the error shows which call.",
        fix=("Replace that .view(...) with .reshape(...), or call .contiguous() first.",), derived=derived)
