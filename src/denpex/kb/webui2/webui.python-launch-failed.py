"""Computed diagnosis for webui.python-launch-failed: which start-script step failed and the concrete fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    reason = str(facts.get("stderr_reason") or "")
    code = facts.get("exit_code")
    derived: dict[str, Any] = {"detail": ""}
    if sig == "couldnt-launch-python":
        derived["step"] = "start Python"
        if "Python was not found" in reason:
            cause = "the Microsoft Store alias answered instead of a real Python"
            fix = ("Install Python 3.10.6 64-bit from python.org with 'Add python.exe to PATH'.",
                   "Disable Settings > Apps > Advanced app settings > App execution aliases > python.exe and python3.exe.",
                   "Or set PYTHON=<full path to python.exe> in webui-user.bat.")
        elif "not recognized" in reason or "misspelled" in reason or code == 9009:
            cause = "the PYTHON command is not found (not installed / not on PATH / PYTHON set to a folder or badly quoted)"
            fix = ("Install Python 3.10.6 with 'Add python.exe to PATH' and open a new terminal.",
                   "Or set PYTHON=C:\\path\\to\\Python310\\python.exe in webui-user.bat (the .exe, not the folder; no extra quotes).")
        elif "No Python at" in reason:
            cause = "the venv's base Python was removed or moved"
            fix = ("Delete the venv folder and run webui-user.bat again.",)
        else:
            cause = "python could not be executed"
            fix = ("Run the PYTHON command from webui-user.bat by hand (python -c \"\") to see why.",)
        derived["detail"] = f": {cause}" + (f" (exit code {code})" if code is not None else "")
        text = f"webui.bat/webui.sh could not run Python: {cause}. Nothing of the web UI ran yet."
    elif sig == "no-python-at":
        missing = str(facts.get("missing_python") or "")
        derived["step"] = "run the venv's Python"
        derived["detail"] = f": {missing} no longer exists"
        text = (f"The venv was created with {missing}, which has been uninstalled or moved; the venv's python.exe cannot start.")
        fix = ("Delete the venv folder (and set PYTHON to the new python.exe if needed), then relaunch to recreate it.",)
    elif sig == "unable-create-venv":
        d = str(facts.get("venv_dir") or "venv")
        derived["step"] = "create the venv"
        derived["detail"] = f" in {d}"
        text = f"python -m venv {d} failed: an unsupported/incomplete Python, a locked or read-only folder, or a half-created venv."
        fix = (f"Delete {d} and retry; check write permission/free space; use a python.org Python 3.10 (not the Store one).",)
    elif sig == "cannot-activate-venv":
        derived["step"] = "create/activate the venv"
        derived["detail"] = " (python venv module missing)"
        text = ("webui.sh found no venv/bin/activate: 'python3 -m venv' failed, usually because the python3-venv package is missing "
                "on Debian/Ubuntu/WSL.")
        fix = ("sudo apt install python3.10-venv (or python3-venv for your python3), then rm -rf venv and run ./webui.sh again.",
               "Or point python_cmd in webui-user.sh at a Python that has venv/ensurepip.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived=derived)
