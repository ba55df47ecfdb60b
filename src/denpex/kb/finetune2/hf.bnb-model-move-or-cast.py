"""Computed diagnosis for hf.bnb-model-move-or-cast: which operation was refused and what to do instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    dispatch = bool(facts.get("dispatch"))
    if sig == "to-not-supported":
        op = "moved with .to()"
    elif sig == "cuda-not-supported":
        op = "moved with .cuda()"
    elif sig == "dtype-cast":
        op = "cast to another dtype"
    elif sig == "half-float-not-supported":
        op = f"cast with .{facts.get('method') or 'half'}()"
    else:
        return None
    fix = []
    if dispatch and sig == "to-not-supported":
        text = ("The move came from accelerate's dispatch_model inside from_pretrained (single-device device_map), not from your "
                "code: this bitsandbytes / transformers / accelerate combination cannot move the quantized model.")
        fix.append("pip install -U bitsandbytes transformers accelerate (4-bit moves need bitsandbytes >= 0.43.2), "
                   "or load with device_map='auto' / {'': 0} instead of 'cpu' or a bare device string.")
    elif sig in ("dtype-cast", "half-float-not-supported"):
        text = ("Code called .half()/.float()/.to(dtype) on a bitsandbytes model; its packed integer weights cannot be cast.")
        fix.append("Remove the cast; set torch_dtype=torch.bfloat16 (or float16) in from_pretrained and "
                   "bnb_4bit_compute_dtype in BitsAndBytesConfig instead.")
    else:
        text = ("Code moved a bitsandbytes-quantized model after from_pretrained had already placed it.")
        fix.append("Guard the call: if not getattr(model, 'is_quantized', False): model.to(device)")
        fix.append("Place it at load time: from_pretrained(..., quantization_config=..., device_map={'': 0}).")
    return Explanation(text=text, fix=tuple(fix), derived={"op": op})
