"""Computed diagnosis for torch.one-hot-invalid: which check failed and the matching label fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "too-large":
        text = ("A label passed to F.one_hot is >= num_classes: typically 0/255 masks, a 255 void label, 1-based class ids, "
                "or num_classes not counting background.")
        fix = ("Print label.unique()[:20] and num_classes before the call.",
               "0/255 masks: (mask > 127).long(); void 255: replace and mask it out of the loss; 1-based ids: label - 1 or num_classes = max id + 1.")
        return Explanation(text=text, fix=fix, derived={"what": "one_hot label >= num_classes"})
    if sig == "negative":
        text = "A negative label (an ignore value such as -1 or -100) reached F.one_hot."
        fix = ("Replace ignore labels before one_hot (label = label.clamp(min=0) with a validity mask applied to the loss).",)
        return Explanation(text=text, fix=fix, derived={"what": "negative (ignore) label passed to one_hot"})
    if sig == "not-index":
        text = "F.one_hot got a non-integer (float/bool) label tensor; it needs int64 class indices."
        fix = ("Call label.long() before one_hot, and load masks without ToTensor's float scaling.",)
        return Explanation(text=text, fix=fix, derived={"what": "one_hot given a float label tensor"})
    return None
