"""Computed diagnosis for comfyui.manager-security-level: which level the refused action needs and where to set it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CONFIG = (
    "ComfyUI/user/default/ComfyUI-Manager/config.ini (Manager V3.38+: ComfyUI/user/__manager/config.ini)"
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    level = str(facts.get("level") or "").strip()
    if sig == "middle-or-below":
        need = "normal"
        req = f"a security_level of '{level or 'middle or below'}' (normal, normal- or weak)"
        why = "a registry install / update action, refused because security_level is strong (or the Manager forced strong on an outdated ComfyUI)"
    elif sig == "normal-minus":
        need = "weak"
        req = f"security_level '{level or 'normal-'}' with a local --listen, or weak"
        why = "a high-risk action (install via git URL, pip package, unlisted repository)"
    elif sig == "general":
        need = "weak"
        req = "a lower security_level for this installation"
        why = "an installation from a source the channel list does not vouch for (nightly / git URL / unlisted pip package)"
    elif sig == "ui-dialog":
        need = "normal"
        req = "a lower security_level"
        why = "an action the configured level does not admit"
    else:
        return None
    text = f"ComfyUI-Manager refused {why}; it needs {req}."
    fixes = [
        f"Stop ComfyUI, set security_level = {need} in {_CONFIG} (valid values: strong, normal, normal-, weak), then restart ComfyUI.",
    ]
    if need == "weak":
        fixes.append(
            "If ComfyUI runs with --listen 0.0.0.0 (Colab, RunPod, Docker), high-risk installs need weak; normal- only works with a loopback --listen."
        )
    fixes.append(
        "Or install the pack by hand: cd ComfyUI/custom_nodes && git clone <repo url>, then pip install -r <pack>/requirements.txt with ComfyUI's Python, and restart."
    )
    return Explanation(text=text, fix=tuple(fixes), derived={"requirement": req, "config_ini": _CONFIG})
