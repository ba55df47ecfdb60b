"""Computed diagnosis for nemo.hydra-runner-version-mismatch: which side is too new."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    kwarg = facts.get("kwarg")
    if sig == "missing-args":
        detail = "hydra-core is newer than this NeMo"
        text = ("NeMo's hydra_runner calls hydra's private _run_hydra without the parsed 'args' that hydra-core 1.2+ requires: "
                "the installed hydra-core is newer than this NeMo version supports.")
        fix = ("pip install hydra-core==1.1.2 (or the exact pin in this NeMo's requirements), or upgrade NeMo.",)
    elif kwarg == "strict":
        detail = "NeMo code passes strict= from hydra 0.11"
        text = ("hydra_runner passes strict=, an argument hydra-core 1.0 removed: this NeMo code predates the installed hydra-core.")
        fix = ("Install the hydra-core version pinned by this NeMo release (hydra-core==1.0.4 for NeMo r1.0.0rc1) or move to a newer NeMo.",)
    elif kwarg:
        detail = f"unexpected '{kwarg}'"
        text = (f"hydra_runner passes '{kwarg}' to _run_hydra, which the installed hydra-core does not accept: NeMo and hydra-core come from different releases.")
        fix = ("Install the hydra-core pinned in this NeMo's requirements, or upgrade/downgrade NeMo to match hydra-core.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"detail": detail})
