"""Computed diagnosis for powershell.execution-policy: which script was blocked and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    script = str(facts.get("script") or "").strip()
    sig = facts.get("_signature")
    name = script.replace("/", "\\").rsplit("\\", 1)[-1].lower() if script else ""
    policy = ("Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope CurrentUser  (no admin), then open a new terminal",)
    if sig == "not-digitally-signed":
        text = (f"PowerShell requires a signature on {script or 'the script'} (AllSigned, or RemoteSigned with a downloaded file). ")
        fix = (f"Unblock-File -Path \"{script}\"" if script else "Unblock-File -Path <script>",
               "or for this session only: Set-ExecutionPolicy -Scope Process -ExecutionPolicy Bypass")
        return Explanation(text=text, fix=fix, derived={"script_kind": "downloaded/unsigned"})
    if name == "activate.ps1":
        venv = script[: -len("\\Scripts\\Activate.ps1")] if script.lower().endswith("\\scripts\\activate.ps1") else ""
        text = (f"The virtual environment{(' ' + venv) if venv else ''} was not activated: PowerShell's execution policy "
                "blocks Activate.ps1, so python/pip still point at the global interpreter.")
        fix = policy + (
            (f"or skip activation: \"{venv}\\Scripts\\python.exe\" -m pip install ... / \"{venv}\\Scripts\\python.exe\" train.py"
             if venv else "or skip activation and call venv\\Scripts\\python.exe directly"),
            "or use cmd.exe: venv\\Scripts\\activate.bat")
        return Explanation(text=text, fix=fix, derived={"script_kind": "venv activation"})
    if "conda" in name or name == "profile.ps1" or "powershell_profile" in name:
        text = (f"The PowerShell profile / conda hook {script} is blocked by the execution policy, "
                "so conda activate (or the profile's set-up) is not available in this shell.")
        fix = policy + ("or use the Anaconda Prompt (cmd) instead of PowerShell",)
        return Explanation(text=text, fix=fix, derived={"script_kind": "profile/conda hook"})
    if not script:
        return None
    text = f"PowerShell's execution policy does not allow running {script}."
    fix = policy + (f"or for one run: powershell -ExecutionPolicy Bypass -File \"{script}\"",)
    return Explanation(text=text, fix=fix, derived={"script_kind": "project script"})
