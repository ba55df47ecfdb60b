"""Computed diagnosis for rdkit.none-mol-argument: which function got None and from which input."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("function") or "")
    if not fn:
        return None
    short = fn.rsplit(".", 1)[-1]
    smiles = facts.get("smiles")
    text = f"{short} ({fn}) was called with None: the molecule passed to it failed to parse or sanitize earlier."
    if smiles is not None:
        text += f" The log shows the failed input: '{smiles}'."
    else:
        text += " No parse error is in this excerpt (RDKit's log may be disabled): find the input whose reader call returned None."
    fix = (
        f"Skip None molecules before {short}: mols = [m for m in mols if m is not None] (drop the matching labels too).",
        "Fix or remove the invalid inputs reported by RDKit (SMILES Parse Error / Explicit valence ... greater than permitted).",
    )
    return Explanation(text=text, fix=fix, derived={})
