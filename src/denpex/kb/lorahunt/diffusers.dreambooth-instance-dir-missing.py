"""Computed diagnosis for diffusers.dreambooth-instance-dir-missing: what is wrong with the given path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("instance_data_dir") or "").strip()
    script = str(facts.get("script") or "")
    where = f" in {script}.py" if script else ""
    if not path:
        return Explanation(
            text=(f"DreamBoothDataset{where} found no folder at --instance_data_dir; the script does not print the path, "
                  "so check the value passed on the command line / notebook variable."),
            fix=("Print the path and test it from the same working directory: "
                 "python -c \"import pathlib; print(pathlib.Path('<dir>').resolve().exists())\"",),
            derived={"where": f" (the path is not printed{where}; check --instance_data_dir)"},
        )
    derived = {"where": f": {path}", "instance_data_dir": path}
    fix: list[str] = []
    if path.startswith(("/content/gdrive", "/content/drive")):
        text = (f"'{path}' is a Google Drive path: it exists only after drive.mount() and only with the exact folder names "
                "(MyDrive, case, spaces).")
        fix.append("Run from google.colab import drive; drive.mount('/content/gdrive') first, then !ls the folder; "
                   "use the file browser's 'Copy path' to get the exact name.")
    elif len(path) > 2 and path[1] == ":" and path[0].isalpha():
        text = f"'{path}' is a Windows path; the script runs where that drive letter does not exist (Linux, WSL, Colab or a container)."
        fix.append("Use the path as this machine sees it (WSL: /mnt/c/...; container: the mounted volume path).")
    elif not path.startswith(("/", "~", "\\")):
        text = (f"'{path}' is relative: it is resolved from the directory accelerate/python was started in, not from the "
                "script's folder.")
        fix.append(f"Pass an absolute path (e.g. --instance_data_dir=\"$(realpath {path})\") or cd to the folder that contains it.")
    else:
        text = f"No folder exists at '{path}' on the machine that ran{where or ' the script'}."
        fix.append(f"Check it: ls -la '{path}' (typo, trailing space, unquoted space, another machine's path).")
    fix.append("The folder must directly contain the instance images (not sub-folders).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
