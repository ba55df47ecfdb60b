"""Computed diagnosis for env.externally-managed: which interpreter is protected and the fitting way out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PKG = {
    "apt install": ("Debian/Ubuntu", "apt install python3-venv (then python3 -m venv .venv)", "apt install python3-<name>"),
    "'pacman -S": ("Arch Linux", "python -m venv .venv (venv ships with Arch's python)", "pacman -S python-<name>"),
    "brew install": ("Homebrew", "python3 -m venv .venv", "brew install <formula> / pipx install <app>"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    interp = str(facts.get("interpreter") or "")
    pkgmgr = str(facts.get("pkgmgr") or "")
    py = str(facts.get("python") or "")
    uv_managed = bool(facts.get("uv_managed"))
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if uv_managed:
        derived["what"] = f"uv-managed Python at {interp}" if interp else "uv-managed Python"
        parts.append(f"uv was asked to install into its own managed interpreter{f' ({interp})' if interp else ''} (uv pip install --system or --python pointing at it); uv keeps managed Pythons read-only.")
        fix.append("Create a project environment and install there: uv venv && uv pip install -r requirements.txt (or uv add / uv sync in a uv project).")
        fix.append("Drop --system unless you really mean a system interpreter.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    distro, venv_hint, pkg_hint = _PKG.get(pkgmgr, ("the OS", "python3 -m venv .venv", "the OS package manager"))
    tool = "uv" if interp else "pip"
    target = f"the {distro} system Python{f' {py}' if py else ''}" + (f" at {interp}" if interp else "")
    derived["what"] = target
    derived["distro"] = distro
    parts.append(f"{tool} was about to install into {target}, which the distribution marks EXTERNALLY-MANAGED (PEP 668); it stops before downloading anything. Nothing is wrong with the requirements - only the target interpreter.")
    fix.append(f"Install into a virtual environment: {venv_hint}; then .venv/bin/pip install <packages> (in a Dockerfile: RUN python3 -m venv /opt/venv and ENV PATH=/opt/venv/bin:$PATH)." if tool == "pip" else "Create a venv (uv venv) and install into it, or point --python at a venv interpreter.")
    fix.append(f"For OS-provided libraries use {pkg_hint}; for command-line applications pipx install <app>.")
    fix.append("Only in a disposable container/CI job: add --break-system-packages (or ENV PIP_BREAK_SYSTEM_PACKAGES=1).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
