"""Computed diagnosis for numerics.fp16-overflow: how far the constant is beyond the dtype's range."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAX = {"Half": 65504.0, "BFloat16": 3.3895313892515355e38, "Float8_e4m3fn": 448.0, "Float8_e5m2": 57344.0,
        "Float8_e4m3fnuz": 240.0, "Float8_e5m2fnuz": 57344.0}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dtype = str(facts.get("dtype") or "")
    value = facts.get("value")
    if dtype:
        short = dtype.split("::", 1)[-1]
        mx = _MAX.get(short)
        name = {"Half": "float16", "BFloat16": "bfloat16"}.get(short, short.lower())
        derived: dict[str, Any] = {"what": f"constant {value} does not fit {name}" if value else f"a constant does not fit {name}"}
        text = f"A Python constant{f' ({value})' if value else ''} was written into a {name} tensor"
        if mx:
            text += f", whose largest finite value is {mx:g}"
            try:
                v = float(value) if value is not None else None
            except ValueError:
                v = None
            if v is not None and abs(v) != float("inf"):
                text += f"; {abs(v):g} is {abs(v) / mx:,.0f}x that"
        text += ". PyTorch refuses to turn it into inf silently (typical: masked_fill(mask, -1e9) or index assignment with float(2**30) under .half()/autocast)."
        fix = [f"Use a dtype-aware constant: torch.finfo(t.dtype).min (= -{mx:g} for {name})" + (" or float('-inf')" if short == "Half" else "") + " instead of the literal.",
               "Or run that computation in float32 (t.float()) / load the model in bfloat16 if the GPU supports it."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    return Explanation(
        text="torch.multinomial received probabilities containing inf, nan or negatives: the logits were already non-finite. In fp16 models this is usually activation overflow (beyond 65504) turning into inf/nan through softmax; broken fine-tuned weights or temperature 0 give the same message.",
        fix=("Load the model in bfloat16 (or float32 on GPUs without bf16) and retry; if it works, the fp16 range was the cause.",
             "Check torch.isfinite(logits).all() before sampling and the model's parameters for nan/inf; test the base model before the fine-tune/merge.",
             "Make sure temperature > 0 and logits processors do not write inf/nan; do_sample=False confirms whether the model output itself is valid."),
        derived={"what": "non-finite probabilities reached torch.multinomial"},
    )
