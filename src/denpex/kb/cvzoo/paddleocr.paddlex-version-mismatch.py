"""Computed diagnosis for paddleocr.paddlex-version-mismatch: which side of the paddleocr/paddlex skew this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "pp-option-positional":
        text = ("paddleocr is older than the installed paddlex: it still passes a model name to PaddlePredictorOption(), "
                "whose constructor takes no arguments since paddlex 3.2.")
        fix = ("python -m pip install -U paddleocr paddlex  (a paddleocr release built for the new option API),",
               "or pin the old pair: pip install \"paddleocr==3.0.1\" and the paddlex version it installs.")
        return Explanation(text=text, fix=fix, derived={"likely_cause": "paddleocr-older-than-paddlex"})
    if sig == "pp-option-attribute":
        pred = facts.get("predictor") or "the predictor"
        text = (f"{pred} was created without its _pp_option: the installed paddlex is not the release this paddleocr "
                "was built for (paddleocr 3.3 with a different paddlex 3.x).")
        fix = ("python -m pip install -U --force-reinstall paddleocr paddlex  so both come from matching releases,",
               "then check python -m pip show paddleocr paddlex.")
        return Explanation(text=text, fix=fix, derived={"likely_cause": "paddlex-skew"})
    return None
