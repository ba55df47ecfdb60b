"""Computed diagnosis for pip.requirements-file-not-found: typo, path shape, notebook hints."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_COMMON = ("requirements.txt", "requirements-dev.txt", "requirements_dev.txt", "requirements-gpu.txt",
           "requirements-colab.txt", "requirements/base.txt", "environment.yml")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    reason = str(facts.get("reason") or "No such file or directory")
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    absolute = path.startswith(("/", "~")) or (len(path) > 2 and path[1] == ":")
    fix: list[str] = []
    if reason == "Is a directory":
        diagnosis = "a folder was given to -r"
        text = f"{path} is a directory; -r needs a requirements file inside it."
        fix.append(f"pip install -r {path.rstrip('/')}/requirements.txt   # or pip install {path} for a project folder")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
    if reason == "Permission denied":
        return Explanation(text=f"pip may not read {path}.", fix=(f"ls -l {path}; fix the permissions or copy the file.",),
                           derived={"diagnosis": "file not readable"})
    close = difflib.get_close_matches(name, _COMMON, n=1, cutoff=0.75)
    if close and close[0] != name:
        diagnosis = f"misspelt file name (did you mean {close[0]}?)"
        text = f"pip looked for {name}, which looks like a typo of {close[0]}."
        fix.append(f"pip install -r {close[0]}")
    elif absolute:
        diagnosis = "the given path does not exist"
        text = f"The absolute path {path} does not exist: the repository is elsewhere or was not cloned/downloaded."
        fix.append("Check the clone step succeeded and where it went (ls the parent folder).")
    else:
        diagnosis = "wrong working directory"
        text = (f"pip resolved '{path}' against the current directory and found nothing: the command ran outside "
                "the folder that holds the file (or the clone failed).")
        fix.append(f"cd <repository folder> && pip install -r {path}")
        fix.append("Colab/Jupyter: use %cd /content/<repo> (not !cd) before !pip install -r.")
    fix.append("ls requirements* ; find . -maxdepth 3 -name 'requirements*.txt'   # the real name and place")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
