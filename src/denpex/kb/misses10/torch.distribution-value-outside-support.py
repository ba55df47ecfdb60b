"""Computed diagnosis for torch.distribution-value-outside-support: read the support and the distribution."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_POSITIVE = ("GreaterThan(lower_bound=0", "GreaterThanEq(lower_bound=0", "Positive", "positive")
_UNIT = ("Interval(lower_bound=0.0, upper_bound=1.0)", "UnitInterval", "Interval(0")
_POS_DISTS = {"lognormal", "weibull", "gamma", "exponential", "halfnormal", "halfcauchy", "chi2", "inversegamma", "pareto"}
_UNIT_DISTS = {"beta", "bernoulli", "continuousbernoulli", "kumaraswamy"}
_INT_DISTS = {"categorical", "onehotcategorical", "binomial", "poisson", "geometric", "negativebinomial"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    support = str(facts.get("support") or "")
    dist = str(facts.get("dist") or "")
    shape = str(facts.get("shape") or "")
    key = dist.lower().replace("_", "")
    if not support and not dist:
        return None
    name = dist or "the distribution"
    where = f" (value shape ({shape}))" if shape or facts.get("_signature") == "expected-value-within-support" else ""
    if any(p in support for p in _POSITIVE) or (not support and key in _POS_DISTS):
        kind = "non-positive value for a positive-only distribution"
        text = (f"{name} only has mass on positive numbers{where}; the value holds zeros or negatives - "
                "data in log space or centred values scored with a positive distribution.")
        fix = ("Score the value in the distribution's domain (x.exp() for log-space data, or use Normal for real-valued data).",
               "Print x[x <= 0] to find the rows.")
    elif any(p in support for p in _UNIT) or (not support and key in _UNIT_DISTS):
        kind = "value outside [0, 1]"
        text = f"{name} needs values in [0, 1]{where}; some value lies outside (or is exactly 0/1 for an open interval)."
        fix = ("Clamp into (eps, 1 - eps) or rescale the data to [0, 1] before log_prob.",)
    elif "IntegerInterval" in support or "IntegerGreaterThan" in support or (not support and key in _INT_DISTS):
        m = re.search(r"upper_bound=(\d+)", support)
        upper = f"0..{m.group(1)}" if m else "the allowed integer range"
        kind = "label/count outside the integer support"
        text = f"{name} takes integer values in {upper}{where}; the value holds a label or count outside it (1-based labels, -1, floats)."
        fix = (f"Remap the labels to {upper} (e.g. labels - 1) and pass an integer tensor.",)
    elif support.startswith("Real"):
        kind = "NaN/Inf value"
        text = f"The support is Real(){where}, so the rejected values are NaN or Inf: the value was computed from something that diverged."
        fix = ("Check torch.isfinite(x).all() upstream and find the first non-finite step.",)
    elif "Simplex" in support:
        kind = "value not on the simplex"
        text = f"{name} expects probability vectors that sum to 1{where}."
        fix = ("Normalise the value (x / x.sum(-1, keepdim=True)) or apply softmax.",)
    else:
        kind = "value outside the support"
        shown = support or "its support"
        text = f"The value passed to {name}.log_prob lies outside {shown}{where}."
        fix = ("Print dist.support and x[~dist.support.check(x)] to see the rejected elements.",)
    fix = fix + ("Only if out-of-support values should score -inf on purpose: build the distribution with validate_args=False.",)
    return Explanation(text=text, fix=fix, derived={"what": f"{name}: {kind}" + (f" (support {support})" if support else "")})
