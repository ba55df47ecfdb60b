"""Computed diagnosis for comfyui.attention-backend-unavailable: missing package vs broken install, and the switch to sdpa."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "core-flag":
        flag = str(facts.get("flag") or "sage")
        pkg = str(facts.get("package") or ("sageattention" if flag == "sage" else "flash_attn"))
        hint = f"--use-{flag}-attention needs {pkg}; remove the flag or install {pkg}"
        text = (f"ComfyUI was started with --use-{flag}-attention but the {pkg} package is not importable, so it exited at startup.")
        fix = (f"Remove --use-{flag}-attention from the launch command (PyTorch SDPA is used by default).",
               f"Or install it with ComfyUI's Python: <python> -m pip install {pkg} (plus a matching Triton on Windows).")
        return Explanation(text=text, fix=fix, derived={"hint": hint})
    reason = str(facts.get("reason") or "").strip()
    if not reason:
        return None
    if "No module named" in reason:
        kind = "not installed"
        hint = "sageattention is not installed; set attention_mode to sdpa or install it"
        text = ("The model loader's attention_mode selects SageAttention, but sageattention is not installed in the Python that "
                "runs ComfyUI (it is optional and not in the wrapper's requirements).")
    else:
        kind = "installed but broken"
        hint = f"sageattention is present but fails to import ({reason}); fix Triton/torch versions or use sdpa"
        text = (f"sageattention is installed but importing it failed: {reason}. This is usually Triton missing/mismatched "
                "(Windows needs triton-windows) or a wheel built for another torch/CUDA/Python.")
    fix = ("Set attention_mode to 'sdpa' in the loader node (works everywhere).",
           "Or install matching triton(-windows) and sageattention with ComfyUI's own Python (python_embeded\\python.exe -m pip ...), restart, "
           "and check: python -c \"import sageattention\".")
    return Explanation(text=text, fix=fix, derived={"hint": hint, "sage_state": kind})
