"""Computed diagnosis for comfyui.frontend-package-outdated: which package, how far behind, and the pip command for this install."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _pkg_name(package: str) -> str:
    p = package.strip()
    if p in ("", "frontend"):
        return "comfyui-frontend-package"
    return p


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    pkg = _pkg_name(str(facts.get("package") or ""))
    installed = str(facts.get("installed") or "").strip()
    recommended = str(facts.get("recommended") or "").strip()
    cmd = str(facts.get("pip_command") or "").strip()
    derived: dict[str, Any] = {"package": pkg}
    if sig == "not-installed":
        text = (
            f"{pkg} is not installed in the Python that runs ComfyUI: the backend was updated past the release that "
            "moved this part out of the repository (or into a new package) without installing requirements.txt, so ComfyUI stops."
        )
    elif installed and recommended:
        text = (
            f"{pkg} {installed} is installed but this ComfyUI backend is pinned to {recommended}: the repository was "
            "updated without pip install -r requirements.txt, so the UI is out of step with the backend."
        )
        derived.update({"installed": installed, "recommended": recommended})
    else:
        return None
    fixes = []
    if cmd:
        fixes.append(f"Run exactly: {cmd}")
        if "python_embeded" in cmd:
            fixes.append("On the portable build update\\update_comfyui.bat does the same (it updates the repository and its requirements).")
    else:
        fixes.append(
            "Run pip with ComfyUI's own interpreter: <python> -m pip install -r ComfyUI/requirements.txt "
            "(portable: python_embeded\\python.exe -s -m pip install -r ComfyUI\\requirements.txt)."
        )
    if recommended:
        fixes.append(f"Check afterwards: <python> -m pip show {pkg} should report {recommended} or later.")
    fixes.append("If pip cannot find that version yet, check out the previous ComfyUI release tag until it is published.")
    return Explanation(text=text, fix=tuple(fixes), derived=derived)
