"""Computed diagnosis for pycocotools.linspace-float-num."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = facts.get("float_type")
    if not kind:
        return None
    text = (f"np.round(...) in COCOeval's Params returns a numpy.{kind}; NumPy 1.18+ refuses it as np.linspace's num. "
            "The installed (or vendored) cocoeval.py predates pycocotools 2.0.1, which casts it to int.")
    fix = ("pip install -U 'pycocotools>=2.0.1'",
           "or, in a vendored cocoeval.py, use int(np.round((0.95 - .5) / .05)) + 1 and int(np.round((1.00 - .0) / .01)) + 1",
           "or pin 'numpy<1.18' for that environment")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "old pycocotools with NumPy >= 1.18"})
