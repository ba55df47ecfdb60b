"""Computed diagnosis for lmstudio.load-guardrail-refused: read the guardrail's memory estimate."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNITS = {"B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req = str(facts.get("required_memory") or "").strip()
    if not req:
        return None
    if req.startswith("NaN"):
        return Explanation(
            text="The guardrail could not estimate this model ('NaN undefined'): the estimator does not know the architecture, so the refusal says nothing about real memory.",
            fix=("Update LM Studio (the NaN estimate for RWKV was fixed in 0.3.28), or set guardrails to Off / hold Alt-Option and click Load.",),
            derived={"required_memory": req},
        )
    m = re.match(r"([\d.]+) ?([KMGT]?B)", req)
    gb = float(m.group(1)) * _UNITS[m.group(2)] / 1e9 if m else None
    text = f"LM Studio estimated that this load needs about {req} and refused it before starting the engine."
    fix = ["Unload other models (lms unload --all), then load again."]
    if gb is not None and gb > 128:
        text += " An estimate that large is almost always the KV cache of a huge configured context length, not the weights."
        fix.insert(0, "Lower the context length in the load settings (e.g. lms load <model> --context-length 8192).")
    else:
        fix.append("Lower the context length or use a smaller quantization so the estimate fits; relax the guardrail only if the machine really has the memory.")
    return Explanation(text=text, fix=tuple(fix), derived={"required_memory": req})
