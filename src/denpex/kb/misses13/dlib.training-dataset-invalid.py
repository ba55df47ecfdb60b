"""Computed diagnosis for dlib.training-dataset-invalid: which check of the dataset failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "xml-parse-fatal":
        try:
            line = int(facts["xml_line"])
        except (KeyError, TypeError, ValueError):
            return None
        return Explanation(
            text=f"The XML dataset is not well-formed at line {line} (of the XML file, not of the script).",
            fix=(f"sed -n '{max(1, line - 2)},{line + 2}p' training.xml  # fix the tag/attribute/& on line {line}, or regenerate with imglab",),
            derived={"diagnosis": f"malformed XML at line {line}"},
        )
    if sig in ("object-without-parts", "no-parts-assert-block"):
        return Explanation(
            text="At least one <box> in the XML has no <part> landmarks; the shape predictor needs parts in every box.",
            fix=("Annotate the parts of every box (imglab --parts ...) or remove the boxes without parts.",),
            derived={"diagnosis": "box without landmark parts"},
        )
    if sig == "no-labeled-boxes":
        return Explanation(
            text="No usable <box> was found in the detector's XML dataset.",
            fix=("grep -c '<box' train.xml  # must be > 0; check image paths and ignore flags",),
            derived={"diagnosis": "no labeled boxes"},
        )
    return None
