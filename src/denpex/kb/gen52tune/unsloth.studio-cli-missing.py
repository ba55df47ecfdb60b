"""Computed diagnosis for unsloth.studio-cli-missing: which unsloth release the Studio installer put in the venv,
and whether the interpreter explains why no recent release could be resolved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PIN = "unsloth>=2026.4.2"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    installed = g.get("installed", "")
    python = g.get("python", "")
    interp = g.get("interpreter", "")
    windows = g.get("_signature") == "ps1-cli-not-installed"
    venv_py = "unsloth_studio\\Scripts\\python" if windows else "unsloth_studio/bin/python"
    parts: list[str] = []
    fix: list[str] = []
    old = installed.startswith(("2023.", "2024.", "2025."))
    if installed and old:
        what = f"unsloth=={installed} was installed, a release without the unsloth CLI"
        parts.append(f"uv installed unsloth {installed}, a release from before Unsloth Studio that ships no 'unsloth' "
                     "executable: no recent release could be resolved in this venv, and this one declares no dependencies, "
                     "so uv fell back to it.")
    elif installed:
        what = f"the unsloth CLI is missing although unsloth=={installed} was installed"
        parts.append(f"unsloth {installed} is installed but its console script is missing from the venv: a partial or "
                     "interrupted install, or a venv created by another Python than the one the installer checks.")
    else:
        what = "the unsloth CLI is missing from the unsloth_studio venv"
        parts.append("The installer finished installing unsloth but the 'unsloth' executable is not in the venv: most often "
                     "uv settled on an old release without the CLI (look for '+ unsloth==2024.8' above).")
    if python:
        parts.append(f"The venv uses Python {python}" + (f" ({interp})" if interp else "") + ".")
    if "/usr/local/" in interp and not windows:
        parts.append("/usr/local is the Intel Homebrew prefix: on an Apple-silicon Mac this is an x86_64 interpreter under "
                     "Rosetta, and recent torch has no macOS x86_64 wheels, which is why no recent unsloth resolved.")
        fix.append("Use a native arm64 Python: uv python install 3.12 (or /opt/homebrew/bin/python3.12), then rerun with "
                   "UNSLOTH_PYTHON=3.12.")
    if "WindowsApps" in interp:
        parts.append("The interpreter is the Microsoft Store Python (WindowsApps); if the bounded install below still fails, "
                     "retry with a python.org or uv-managed Python.")
    fix.append("Rerun the current installer (it requires " + _PIN + ") after 'uv cache clean' and deleting the unsloth_studio "
               "folder; if the bounded install fails, its error names the dependency that cannot be installed.")
    fix.append(f"By hand: uv pip install --python {venv_py} \"{_PIN}\" --torch-backend=auto, then run unsloth studio setup "
               "from the venv.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
