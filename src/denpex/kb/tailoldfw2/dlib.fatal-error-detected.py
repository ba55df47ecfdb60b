"""Computed diagnosis for dlib.fatal-error-detected: which dlib area asserted and what that usually means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_AREAS = (
    ("loss_multiclass_log", "multiclass loss labels",
     "A label is >= the number of outputs of the last fc layer: remap labels to 0..N-1 and size fc<N> to the class count."),
    ("loss_metric", "metric loss batch",
     "Each batch (and each GPU's slice) needs several identities with at least two images each."),
    ("loss_mmod", "mmod detector boxes",
     "Some truth boxes cannot be matched by any detector window (size/aspect ratio): filter or relabel them."),
    ("dnn/loss.h", "dnn loss layer input",
     "Labels or batch do not satisfy the loss layer's contract: check label ranges and batch composition."),
    ("shape_predictor", "shape predictor parts",
     "The landmark model has another number of parts than the code or training data assumes."),
    ("matrix", "matrix index/size",
     "An index or size is out of range for a matrix: often a 5- vs 68-point landmark model or an empty image."),
    ("cuda", "CUDA call",
     "A CUDA call inside dlib failed: check the GPU, driver and memory."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    file = str(facts.get("file") or "").rstrip(".")
    func = str(facts.get("function") or "")
    if not file and not func:
        return None
    hay = f"{file} {func}"
    area, advice = "dlib precondition", "Read the values printed under 'Failing expression was' and fix the input that produced them."
    for key, name, text in _AREAS:
        if key in hay:
            area, advice = name, text
            break
    short = file.split("/dlib/")[-1] if "/dlib/" in file else file.rsplit("/", 1)[-1]
    line = facts.get("line")
    at_line = f" line {line}" if line else ""
    expr = str(facts.get("expression") or "").rstrip(".")
    text = f"dlib's check in {short or 'a dlib header'}{at_line} failed ({area})."
    if expr:
        text += f" The false condition was `{expr}`."
    text += " " + advice
    return Explanation(text=text, fix=(advice,),
                       derived={"area": area, "diagnosis": area, "at_line": at_line})
