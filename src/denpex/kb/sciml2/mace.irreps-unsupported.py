"""Computed diagnosis for mace.irreps-unsupported: which irreps are unreachable or which l is too large."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _bad_parity(irreps: str) -> list[str]:
    bad = []
    for l_str, p in re.findall(r"\d+x(\d+)([eo])", irreps):
        natural = "e" if int(l_str) % 2 == 0 else "o"
        if p != natural:
            bad.append(f"{l_str}{p}")
    return bad


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "w3j-key":
        ls = [facts.get(k) for k in ("l1", "l2", "l3")]
        top = max(int(x) for x in ls if x is not None) if any(x is not None for x in ls) else None
        return Explanation(
            text=f"The coupling needs a Wigner 3j symbol with l = {top}, above e3nn's precomputed table (l <= 11): correlation x max_ell is too large.",
            fix=("lower --max_ell or --correlation so that correlation * max_ell <= 11 (e.g. max_ell 3, correlation 3)",),
            derived={"problem": f"Wigner 3j with l = {top} > 11"},
        )
    hidden = str(facts.get("hidden_irreps") or "")
    bad = _bad_parity(hidden) if hidden else []
    if bad:
        text = f"hidden_irreps {hidden.strip()} contains {', '.join(bad)}, which MACE's alternating-parity spherical harmonics cannot produce."
        problem = f"unreachable parity {', '.join(bad)}"
    else:
        text = ("An irrep in hidden_irreps cannot be produced by the coupling: wrong parity (0o, 1e, 2o ...) or an l above max_ell.")
        problem = "output irrep unreachable (parity or l > max_ell)"
    return Explanation(
        text=text,
        fix=("use natural-parity irreps with equal multiplicity, e.g. --hidden_irreps='128x0e + 128x1o'",
             "make --max_ell >= the highest l in hidden_irreps"),
        derived={"problem": problem},
    )
