"""Computed diagnosis for stan.initialization-failed: name the failing function, variable and line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("function") or "")
    detail = str(facts.get("detail") or "")
    model = str(facts.get("model") or "")
    line = facts.get("line")
    sig = facts.get("_signature")
    where = f" in {model} line {line}" if model and line else ""
    fix: list[str] = []
    if fn:
        text = f"Stan evaluated the model at the initial values and {fn} threw: '{detail}'{where}."
        m = re.search(r"^(.+?) is (\S+), but must be (.+?)!?$", detail)
        if m:
            var, val, must = m.group(1), m.group(2), m.group(3)
            if val.lower() == "nan":
                text += f" {var} is NaN: a NaN in the data or a transformed parameter that overflowed."
                fix.append(f"Find where {var} becomes NaN (data NaN/sentinel, division by zero, exp overflow) and fix it.")
            elif "variable" in var.lower():
                text += f" The value {var} = {val} is outside the support (must be {must}): a data problem, not the inits."
                fix.append(f"Check the data behind {var}: value {val} violates '{must}' (sign, sentinel, type).")
            else:
                text += f" {var} = {val} must be {must}: a parameter lacks the matching constraint or a valid init."
                fix.append(f"Declare the constraint on the quantity behind {var} (e.g. <lower=0>) or give valid inits.")
        diagnosis = f"{fn} rejected the initial values"
    elif sig == "rejecting-log-zero":
        text = ("An initial value gave log density -inf (log(0)); Stan retries, and stops only when all attempts fail. "
                "Something evaluates to probability 0: data outside a truncation/support, or underflow.")
        fix.append("Write the likelihood on the log scale (poisson_log, bernoulli_logit, log_sum_exp) and check data ranges.")
        diagnosis = "log density is -inf at init"
    else:
        rng = facts.get("init_range")
        tries = facts.get("attempts")
        text = "Stan found no initial value with a finite log density"
        text += f" after {tries} random draws in ({rng}) on the unconstrained scale." if rng and tries else "."
        text += " The reason is on the 'Rejecting initial value' lines above (the first Exception line)."
        diagnosis = "no valid initial value"
    fix.append("Try inits closer to plausible values (cmdstanpy inits=0.5 or a dict; RStan init_r=0.5) once the model is valid.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "where": where})
