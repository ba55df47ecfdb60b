"""Computed diagnosis for vscode.jupyter-server-crashed: meaning of the server's exit code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts["code"])
    except (KeyError, TypeError, ValueError):
        return None
    if code == 1:
        diagnosis = "server died on a Python exception"
        text = "The Jupyter server process exited with status 1: an uncaught Python exception at start-up; its traceback is in the Jupyter output channel."
        fix = ("Run '<selected python> -m jupyter notebook --no-browser' in a terminal to see the traceback.",
               "python -m pip install -U notebook jupyter_client pyzmq traitlets ipykernel  (selected interpreter)")
    elif code == 0:
        diagnosis = "server exited without serving"
        text = "The server exited with status 0 before printing its URL: it printed help/version or was stopped, often an option or config the installed notebook version does not accept."
        fix = ("Check the command line and jupyter_notebook_config.py in the Jupyter output channel.",
               "Upgrade the VS Code Jupyter extension and notebook together.")
    elif code == 2:
        diagnosis = "server command-line error"
        text = "Status 2 is a command-line usage error: the installed 'jupyter notebook' rejected VS Code's arguments (jupyter/notebook missing or too old/new)."
        fix = ("python -m pip install -U notebook  (selected interpreter)",)
    else:
        diagnosis = f"server exited with status {code}"
        text = f"The Jupyter server process exited with status {code} before VS Code could connect."
        fix = ("Read the server output in View > Output > Jupyter.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "code_text": f" with status {code}"})
