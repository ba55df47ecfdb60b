"""Computed diagnosis for torchvision.weights-api: which API generation the code and the install are on."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _builder(enum: str) -> str:
    name = re.sub(r"_(?:Quantized)?Weights$", "", enum)
    return name.lower()


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    wc, exp, rec = facts.get("weights_class"), facts.get("expected_class"), facts.get("received_class")
    mod = facts.get("module") or "torchvision.models"
    fix: list[str] = []
    if sig in ("import-weights-old-torchvision", "attribute-weights-old-torchvision") and isinstance(wc, str):
        if "prototype" in str(mod):
            text = f"{wc} lives in torchvision.models since 0.13; the torchvision.prototype.models path of the 2022 preview is gone."
            fix.append(f"from torchvision.models import {wc}")
            return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": "prototype-path", "what": f"{wc} not in {mod}"})
        b = _builder(wc)
        text = f"{wc} does not exist in the installed torchvision: weight enums were added in torchvision 0.13 (torch 1.12)."
        fix.append("Upgrade torch and torchvision together (matching pair from pytorch.org), or")
        fix.append(f"keep this torchvision and use the old API: torchvision.models.{b}(pretrained=True)")
        return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": "torchvision-too-old", "what": f"{wc} missing (torchvision < 0.13)"})
    if sig == "invalid-weight-class" and isinstance(exp, str) and isinstance(rec, str):
        text = f"The builder expects {exp} but received a {rec}: the weights belong to another model or library."
        if rec.endswith("Weights") and rec != exp:
            fix.append(f"Pass {exp}.DEFAULT (or a tag string such as weights='IMAGENET1K_V1') to {_builder(exp)}(),")
            fix.append(f"or build the model that {rec} belongs to.")
        else:
            fix.append(f"Pass a {exp} member or its tag name as a string.")
        return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": "enum-of-other-model", "what": f"{rec} given, {exp} expected"})
    if sig in ("pretrained-deprecated", "non-enum-deprecated"):
        e = exp if isinstance(exp, str) else None
        text = "Harmless: pretrained=True is mapped to the model's IMAGENET1K_V1 weights on torchvision >= 0.13."
        fix.append(f"Replace pretrained=True with weights={e}.IMAGENET1K_V1 (same weights) or weights='DEFAULT'." if e
                   else "Replace pretrained=True with weights='DEFAULT' (or the IMAGENET1K_V1 enum for identical weights).")
        return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": "deprecated-argument", "what": "pretrained argument deprecated"})
    return None
