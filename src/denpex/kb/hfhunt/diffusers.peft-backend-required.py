"""Computed diagnosis for diffusers.peft-backend-required: which interpreter to install peft into."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    method = str(facts.get("method") or "a LoRA method")
    embedded = bool(facts.get("embedded"))
    text = (f"diffusers' {method} needs the PEFT backend, which is off in this process: peft is missing, "
            "peft < 0.6.0 or transformers < 4.34.0 in the interpreter that imported diffusers.")
    if embedded:
        text += " The traceback runs ComfyUI's portable python_embeded, which does not see packages installed with the system pip."
        fix = ("python_embeded\\python.exe -m pip install -U peft transformers (from the ComfyUI_windows_portable folder), then restart ComfyUI.",)
    else:
        fix = ("<python that runs the app> -m pip install -U peft transformers, then restart the app / kernel.",)
    fix += ("Check: python -c \"from diffusers.utils import USE_PEFT_BACKEND; print(USE_PEFT_BACKEND)\" prints True.",)
    return Explanation(text=text, fix=fix, derived={"method": method})
