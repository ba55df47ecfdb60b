"""Computed diagnosis for ddp.no-trainable-params: is the wrapped module a frozen helper or the model meant to train?"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HELPER = re.compile(r"vgg|percep|lpips|loss|criterion|teacher|ema|ref(?:erence)?_?|netf|feature_?extractor|clip|vae|text_?encoder|discriminator_frozen", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    wrapped = str(facts.get("wrapped") or "")
    via = str(facts.get("via") or "")
    exc = str(facts.get("exc_type") or "")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if wrapped == "model" and via in ("accelerate", "transformers"):
        wrapped = "the model passed to accelerator.prepare()" if via == "accelerate" else "the Trainer's model"
        name = "model"
    else:
        name = wrapped.split(".")[-1] if wrapped else ""
    if not wrapped:
        derived["wrapped"] = "the module" if not via else "a module passed to accelerator.prepare()"
    if name and _HELPER.search(name):
        derived["module_kind"] = "frozen-helper"
        parts.append(f"{wrapped} looks like a frozen helper network (loss network, teacher, EMA, encoder). It has no trainable parameters, so it needs no DDP.")
        fix.append(f"Do not wrap it: {wrapped} = {wrapped}.to(device).eval(), and wrap only the model you train.")
    elif name:
        derived["module_kind"] = "model"
        parts.append(
            f"{wrapped[:1].upper()}{wrapped[1:]} has no parameter with requires_grad=True at the moment it is wrapped. If it is the model you mean to train, "
            "something froze all of it (PEFT adapter loaded for inference, a freezing routine, a stage config) or its layers are created later."
        )
        ref = wrapped if name != "model" or via not in ("accelerate", "transformers") else "model"
        fix.append(f"Before the wrap, print sum(p.numel() for p in {ref}.parameters() if p.requires_grad); it must be > 0 for a model you train.")
        fix.append("PEFT: PeftModel.from_pretrained(base, path, is_trainable=True); check that the freezing code leaves the adapters/heads trainable; build all layers before wrapping.")
        fix.append(f"If it is meant to stay frozen: use it without DDP ({ref}.to(device).eval()).")
    if via == "accelerate":
        parts.append("The wrap came from accelerate's prepare(); accelerate 0.14+ skips DDP for modules with nothing to train.")
        fix.append("Upgrade accelerate (pip install -U accelerate), or move frozen modules with .to(accelerator.device) instead of passing them to prepare().")
    if via == "transformers":
        parts.append("The wrap came from the Hugging Face Trainer (_wrap_model): the model it trains has no trainable parameters.")
    if exc == "AssertionError":
        parts.append("(The AssertionError form comes from torch 1.9 or older.)")
    if not wrapped:
        parts.insert(0, "None of the wrapped module's parameters requires a gradient. Either it is a frozen helper that must not be wrapped, "
                        "or the model you meant to train was frozen completely (PEFT adapter loaded without is_trainable=True, "
                        "a freezing routine, a stage config) or has no layers yet.")
        fix[:0] = ["Wrap only modules you train; move frozen ones with module.to(device).eval().",
                   "If it should train: make its parameters trainable (PeftModel.from_pretrained(..., is_trainable=True)) and create all layers before the wrap."]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
