"""Computed diagnosis for tf.gathernd-index-out-of-bounds: find the axis the index tuple overflows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ints(text: Any) -> list[int] | None:
    if not isinstance(text, str):
        return None
    try:
        return [int(p) for p in text.replace(" ", "").split(",") if p != ""]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    shape = _ints(facts.get("param_shape"))
    if shape is None:
        return None
    if facts.get("_signature") == "params-empty" or (0 in shape and not facts.get("index")):
        axis = shape.index(0) if 0 in shape else 0
        return Explanation(
            text=(f"params has shape [{facts.get('param_shape')}]: axis {axis} is empty, so there is nothing to gather. "
                  "In a detection pipeline this is an example whose boxes/classes list is empty."),
            fix=("Filter out examples with no annotations before the parser (dataset.filter on tf.size(classes) > 0) "
                 "or regenerate the TFRecord without empty images.",),
            derived={"diagnosis": f"params empty on axis {axis}"},
        )
    index = _ints(facts.get("index"))
    if not index:
        return None
    bad = [(i, v, shape[i]) for i, v in enumerate(index) if i < len(shape) and (v < 0 or v >= shape[i])]
    if not bad:
        return None
    axis, value, size = bad[0]
    if value < 0:
        diagnosis = f"negative index {value} on axis {axis}"
        text = f"Coordinate {axis} of the index tuple is {value}: negative indices are not allowed in GatherNd."
        fix = ("Find where the index is computed (argmax of an empty row, -1 padding) and mask or clip it before the gather.",)
    elif value == size:
        diagnosis = f"off-by-one on axis {axis} ({value} of size {size})"
        text = (f"Coordinate {axis} is {value} but that axis has size {size} (valid 0..{size - 1}): an off-by-one, "
                "typically a coordinate at the image/sequence border rounded up to the size.")
        fix = (f"Clip the coordinate: tf.clip_by_value(idx, 0, {size - 1}) or compute it with floor and size-1.",)
    else:
        diagnosis = f"index {value} on axis {axis} of size {size}"
        text = (f"Coordinate {axis} is {value} but that axis has size {size}: the indices were built for a larger tensor "
                f"({value + 1 - size} beyond the end), e.g. a padded count, another batch size or more objects than present.")
        fix = ("Build the indices from tf.shape(params) of the same tensor, or filter the examples whose counts differ.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
