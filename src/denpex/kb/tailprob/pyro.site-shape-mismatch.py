"""Computed diagnosis for pyro.site-shape-mismatch: compare plate size and site size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    site = facts.get("site")
    if not site:
        return None
    if facts.get("_signature") == "invalid-log-prob-shape":
        exp, act = facts.get("expected"), facts.get("actual")
        text = f"log_prob at site '{site}' has batch dimensions that no plate declares"
        if exp and act:
            text += f": expected {exp}, got {act}"
            try:
                ne = len([p for p in str(exp).strip("[]").split(",") if p.strip()])
                na = len([p for p in str(act).strip("[]").split(",") if p.strip()])
            except ValueError:
                ne = na = 0
            if na > ne:
                extra = na - ne
                text += f". The {extra} rightmost dim(s) should be event dims"
                return Explanation(text=text + ".", fix=(f"Use .to_event({extra}) on the distribution at '{site}', or add a plate for that dim.",),
                                   derived={"diagnosis": f"{extra} undeclared batch dim(s)"})
        return Explanation(text=text + ".", fix=("Add the missing pyro.plate or .to_event(...) at that site.",),
                           derived={"diagnosis": "undeclared batch dims"})
    try:
        n_plate = int(facts["plate_size"])
        n_site = int(facts["site_size"])
    except (KeyError, TypeError, ValueError):
        return None
    plate = facts.get("plate", "?")
    dim = facts.get("dim", "?")
    text = f"plate('{plate}') has size {n_plate} at dim {dim}, but site '{site}' has {n_site} there."
    if n_plate > n_site and n_site > 1:
        text += " The plate looks sized with the whole dataset while a mini-batch was passed."
        fix = (f"Size the plate from the batch (pyro.plate('{plate}', x.shape[0])) or use subsample_size={n_site}.",)
        diag = "plate sized for the full data, batch passed"
    elif n_site < n_plate:
        text += " A parameter or data tensor has a small leading dim that collides with the plate dim."
        fix = (f"Reshape the tensors at '{site}' so dim {dim} is {n_plate} or 1, or move that dim into the event shape with .to_event().",)
        diag = "tensor dim collides with plate"
    else:
        text += " The site carries a larger dimension at the plate's position: data transposed or a feature dim not declared as event."
        fix = (f"Check the axis order of the data at '{site}' and use .to_event(1) for feature dims.",)
        diag = "site dim larger than plate"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
