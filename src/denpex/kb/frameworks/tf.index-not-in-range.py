"""Computed diagnosis for tf.index-not-in-range: what the offending id says about the table size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_POSITION_LIMITS = {128, 256, 512, 514, 1024, 2048, 4096, 8192}
_INT32_MIN = -2147483648


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    idx, size = facts.get("index"), facts.get("size")
    if not isinstance(idx, int) or not isinstance(size, int):
        return None
    label = facts.get("position") is None
    table = "the number of classes" if label else "the table (embedding rows / gathered axis)"
    parts = [f"{'Label' if label else 'Index'} {idx} was used with {table} = {size}, whose valid ids are 0..{size - 1}."]
    fix: list[str] = []
    derived: dict[str, Any] = {"over_by": idx - size + 1 if idx >= size else None}
    if idx == size:
        what = "off by one (id equals the size)"
        parts.append("The id equals the size: the size was set to the largest id instead of largest id + 1" + (", or the labels are numbered 1.." + str(size) + "." if label else " (a padding/OOV id not counted)."))
        fix.append(f"Make the {'output layer Dense(' + str(size + 1) + ')' if label else 'table ' + str(size + 1) + ' rows (Embedding(input_dim=' + str(size + 1) + ', ...))'} - or, if the ids are 1-based, subtract 1 so they run 0..{size - 1}.")
    elif idx == _INT32_MIN:
        what = "garbage id (INT32_MIN)"
        parts.append(f"{idx} is the smallest int32: the id came from a NaN/inf cast to int or uninitialised data.")
        fix.append("Find where the ids are computed (a float -> int cast of NaN) and fix the data; check for NaN before casting.")
    elif idx < 0:
        what = f"negative id {idx}"
        parts.append(f"A negative id ({idx}) is a padding/unknown/ignore marker that was never mapped to a valid row.")
        fix.append("Map the marker to a real id (e.g. 0 = padding, 1 = OOV) or mask those positions/labels out before the lookup/loss.")
    elif label and idx == 255:
        what = "void label 255"
        parts.append("255 is the usual 'void/ignore' pixel value in segmentation masks (or raw uint8 pixel data used as labels).")
        fix.append("Mask out 255 pixels before the loss (or map them to a background class), and check that the label images are class indices, not RGB values.")
    elif not label and size in _POSITION_LIMITS and idx < size * 4:
        what = f"sequence longer than {size} positions"
        parts.append(f"{size} is a typical position-embedding / maxlen limit: a sequence of at least {idx + 1} positions reached a table of {size}.")
        fix.append(f"Truncate inputs to {size} tokens (tokenizer(..., truncation=True, max_length={size}) / pad_sequences(maxlen={size})), or, if this is a vocabulary, enlarge the table to {idx + 1}+.")
    elif idx < size * 1.2:
        what = f"{idx - size + 1} id(s) beyond the table"
        parts.append(f"The id is {idx - size + 1} past the end: the vocabulary or class list grew (added tokens, new categories) but the table was built for {size}.")
        fix.append(f"Rebuild/resize the table to cover the largest id (at least {idx + 1}), or use the tokenizer/label mapping the model was built with.")
    else:
        what = f"id {idx} is {idx / size:.1f}x the table size"
        parts.append(f"The id is {idx / size:.1f}x the size: the ids come from another vocabulary / raw ids (item ids, hashes, pixel values) that were never remapped to 0..{size - 1}.")
        fix.append(f"Remap ids to 0..N-1 (a lookup/StringLookup/LabelEncoder) and size the table from that mapping; or use the {'label encoding' if label else 'tokenizer'} the model was trained with.")
    if not label:
        parts.append("On GPU the same gather returns zeros without an error, so this may have been hidden in GPU runs.")
    derived["what"] = what
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
