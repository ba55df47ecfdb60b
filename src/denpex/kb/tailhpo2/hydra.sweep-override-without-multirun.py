"""Computed diagnosis for hydra.sweep-override-without-multirun: read the rejected override."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SWEEP_FN = re.compile(r"^\s*(range|glob|choice|interval|tag|shuffle|sort)\(")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    value = facts.get("value")
    if not isinstance(key, str) or not isinstance(value, str):
        return None
    fn = _SWEEP_FN.match(value)
    if fn:
        diagnosis = f"sweep function {fn.group(1)}() in a single run"
        text = (f"'{key}={value}' uses the sweep function {fn.group(1)}(), which only exists in multirun mode.")
        fix = (f"python app.py --multirun {key}={value}",
               f"or pick one value: {key}=<value>")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    parts = [p.strip() for p in value.split(",")]
    numeric = all(re.fullmatch(r"-?\d+(\.\d+)?", p or "x") for p in parts)
    leaf = key.rsplit(".", 1)[-1].lower()
    devicey = any(w in leaf for w in ("device", "gpu", "cuda", "visible"))
    n = len(parts)
    if devicey and numeric:
        diagnosis = "device list written as a sweep"
        text = (f"'{key}={value}' lists {n} devices with a bare comma; Hydra reads it as a sweep over {n} jobs.")
        fix = (f"{key}=[{value}]  (a list)", f"{key}=\\'{value}\\'  (one string, escaped for the shell)")
    else:
        diagnosis = f"{n} comma-separated values without quotes or -m"
        text = (f"'{key}={value}' has {n} comma-separated values: a sweep in Hydra's grammar, illegal in a single run.")
        fix = (f"one string: {key}=\\'{value}\\'  (or \"{key}='{value}'\")",
               f"a list: '{key}=[{value}]'",
               f"one job per value: python app.py --multirun {key}={value}")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
