"""Computed diagnosis for timm.unknown-model: which kind of name failed and what to do about it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = facts.get("model")
    if not isinstance(model, str) or not model:
        return None
    base = model
    kind = "architecture"
    fix: list[str] = []
    if model.startswith(("hf_hub:", "hf-hub:")):
        kind = "hub-id"
        text = (f"'{model}' is a Hugging Face Hub id. Only timm 0.9+ understands the hf-hub: prefix; older releases look "
                "the whole string up as an architecture name.")
        fix.append("pip install -U 'timm>=0.9' and keep the hf-hub: prefix, or load the architecture name with pretrained=True.")
    elif "/" in model:
        kind = "hub-id-without-prefix"
        text = (f"'{model}' looks like a Hub repo id (org/name) but was passed without the hf-hub: prefix, so timm "
                "searched its registry for it.")
        fix.append(f"Use timm.create_model('hf-hub:{model}', pretrained=True) (timm 0.9+).")
    elif "." in model:
        kind = "architecture-with-tag"
        base = model.split(".", 1)[0]
        text = (f"'{model}' is architecture '{base}' with pretrained tag '{model.split('.', 1)[1]}'. timm < 0.9 does not "
                "split tags; on 0.9+ this error means the architecture itself is not registered.")
        fix.append(f"On old timm use create_model('{base}', pretrained=True); otherwise upgrade timm (pip install -U timm).")
    else:
        text = (f"No registered timm model is named '{model}'. Usually it is a model defined in the repository "
                "(@register_model) whose module was not imported before create_model, or a name from a newer timm.")
    fix.append(f"Find where it is defined: grep -rn 'def {base}' . ; import that module before calling create_model.")
    fix.append(f"Check the installed registry: python -c \"import timm; print(timm.__version__, timm.list_models('*{base[:12]}*'))\"")
    return Explanation(text=text, fix=tuple(fix), derived={"model": model, "architecture": base, "name_kind": kind})
