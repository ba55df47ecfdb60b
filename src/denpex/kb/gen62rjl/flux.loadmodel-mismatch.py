"""Computed diagnosis for flux.loadmodel-mismatch: where the saved and rebuilt models diverge."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_POOL_FIELDS = re.compile(r"\(:pad, :k, :stride\)|MaxPool|MeanPool")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    src = str(facts.get("src") or "").strip()
    dst = str(facts.get("dst") or "").strip()
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if sig == "sizes-mismatch":
        derived["kind"] = "parameter size mismatch"
        text = ("An array in the saved weights has another size than the same parameter of the model: the model was "
                "rebuilt with other widths, number of classes or input channels than the one that was saved.")
        fix.append("Build the model with the constructor arguments used when saving (nclasses, inchannels, widths), load, then replace the head if you need another output size.")
    else:
        derived["kind"] = "structure mismatch"
        text = ("The saved state and the rebuilt model have different children at some layer: another architecture, "
                "or a layer type whose fields changed between the Flux/Metalhead versions that saved and that load the weights.")
        if _POOL_FIELDS.search(dst) or _POOL_FIELDS.search(src) or "OneTo" in src:
            text += (" The failing node is a pooling layer whose fields (pad, k, stride) the saved state does not have: "
                     "typical of Metalhead pretrained artifacts written with an older Flux.")
            fix.append("Update Metalhead (] up Metalhead) or pin the Flux release it was tested with (] add Flux@0.14), then retry pretrain=true.")
        elif src in ("()", "Tuple{}") or src.endswith("()"):
            text += " The saved side is empty at that node: the saved model has fewer layers or another nesting there."
        fix.append("Compare Flux.state(model) with the saved state at the failing layer (the dst type in the first stack frame).")
    if dst:
        short = dst if len(dst) <= 80 else dst[:77] + "..."
        derived["where_hint"] = f" (at {short})"
        text += f" The walk stopped where the model side is {short}."
    fix.append("Save and reload with Flux.state(model) + Flux.loadmodel!(model, state) using the same model constructor.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
