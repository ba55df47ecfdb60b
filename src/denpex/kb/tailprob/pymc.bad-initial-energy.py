"""Computed diagnosis for pymc.bad-initial-energy: which variable and whether it is data or a parameter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TRANSFORM_SUFFIXES = ("_log__", "_interval__", "_logodds__", "_lowerbound__", "_upperbound__", "_circular__",
                       "_ordered__", "_simplex__", "_stickbreaking__", "_sumto1__")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("variable") or "")
    logp = str(facts.get("logp") or "")
    energy = str(facts.get("energy") or "")
    fix: list[str] = []
    if var:
        which = f" ({var} logp = {logp})" if logp else f" ({var})"
        base = var
        for suf in _TRANSFORM_SUFFIXES:
            if var.endswith(suf):
                base = var[: -len(suf)]
                break
        if base != var:
            text = (f"The free parameter {base} (sampled as {var} on the transformed scale) has logp {logp or 'not finite'} "
                    "at the start of the step: its prior or initial value is at/over a boundary after init jitter.")
            fix.append(f"Give {base} an initval inside its support (initvals={{'{base}': ...}}) or sample with init='adapt_diag'.")
            diagnosis = f"parameter {base} not finite"
        else:
            text = (f"The variable {var} has logp {logp or 'not finite'}. If it is the observed variable, a data value is "
                    "outside the likelihood's support or NaN; if it is a deterministic-based parameter, the expression overflows.")
            fix.append(f"Check the data of {var}: np.isnan(y).any(), y.min(), y.max() against the distribution's support.")
            diagnosis = f"{var} logp {logp or 'not finite'}"
    else:
        which = f" (energy {energy})" if energy else ""
        text = ("The Hamiltonian at the start of a NUTS step is not finite. The message lists no variable: run "
                "model.point_logps() (PyMC 4+) or model.check_test_point() (PyMC3) to find the -inf/NaN term; "
                "if all logps are finite the gradient is not (sqrt/abs at 0, a custom Op).")
        diagnosis = "energy not finite"
    fix.append("Use positive-support priors for scales (HalfNormal/Exponential) and log/logit parameterisations.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "which": which})
