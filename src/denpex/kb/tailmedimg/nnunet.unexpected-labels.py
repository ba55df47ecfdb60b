"""Computed diagnosis for nnunet.unexpected-labels: classify the label values nnU-Net rejected."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NUM = re.compile(r"-?\d+(?:\.\d*)?")


def _values(text: Any) -> list[float]:
    if not isinstance(text, str):
        return []
    out = []
    for m in _NUM.findall(text):
        try:
            out.append(float(m))
        except ValueError:
            continue
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    unexpected = _values(facts.get("unexpected"))
    expected = _values(facts.get("expected"))
    found = _values(facts.get("found"))
    if not unexpected and found:
        unexpected = [v for v in found if v not in expected] if expected else []
    label_file = facts.get("label_file")
    if not unexpected and not label_file:
        return None
    where = f" in {label_file}" if label_file else ""
    top = int(max(expected)) if expected else None
    if any(v < 0 for v in unexpected) or len(unexpected) > 20 or any(v != int(v) for v in unexpected):
        diagnosis = "not an integer label map"
        text = (f"The rejected values{where} are negative, fractional or very many: the file is an image "
                "(e.g. CT in Hounsfield units) or a mask resampled with linear interpolation, not a label map.")
        fix = ("Put only segmentations into labelsTr; resample masks with nearest-neighbour interpolation and save them as integers.",)
    elif unexpected and set(unexpected) <= {255.0} or (unexpected and max(unexpected) == 255):
        diagnosis = "mask stored as 0/255"
        text = (f"The mask{where} uses 255 for foreground (8-bit image export). nnU-Net needs 0 for background and 1..N for classes.")
        fix = ("Map the values when converting: seg = (seg > 127).astype(np.uint8) for binary masks, then rerun --verify_dataset_integrity.",)
    else:
        vals = ", ".join(str(int(v)) for v in unexpected[:8])
        diagnosis = f"label value(s) {vals} not declared"
        text = (f"The label file{where} holds value(s) {vals} that dataset.json does not declare"
                + (f" (declared: 0..{top})." if top is not None else ".")
                + " Either a class is missing from dataset.json or the data uses non-consecutive label numbers (BraTS 0,1,2,4).")
        fix = ("Declare every class in dataset.json 'labels' with consecutive values from 0, or remap the data (e.g. BraTS 4 -> 3).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
