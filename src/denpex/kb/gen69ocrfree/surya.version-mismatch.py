"""Computed diagnosis for surya.version-mismatch: moved API vs checkpoint/config mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    module = facts.get("module")
    key = facts.get("key")
    if key:
        what = f"surya's model config has no '{key}'"
        text = (f"surya raised KeyError '{key}' while building a model: the checkpoint config (or the transformers "
                "attention registry) comes from a different release than the installed surya-ocr.")
        fix = ("Reinstall marker-pdf and surya-ocr as a matching pair (pip install -U marker-pdf) with their transformers range, and clear stale surya checkpoints.",)
    elif name and module:
        what = f"'{name}' no longer exists in {module}"
        text = (f"The code imports '{name}' from {module}, which the installed surya-ocr no longer has: the caller "
                "was written for another surya release.")
        fix = ("Pin surya-ocr to the version the calling code targets, or upgrade the caller (marker-pdf) so pip picks its surya pin.",)
    else:
        what = f"module {module or 'surya.*'} is missing"
        text = (f"{module or 'A surya submodule'} does not exist in the installed surya-ocr; the importing code expects "
                "an older surya layout.")
        fix = ("Install the surya-ocr version the importing package pins (pip install -U marker-pdf, or pin both).",)
    return Explanation(text=text, fix=fix, derived={"what": what})
