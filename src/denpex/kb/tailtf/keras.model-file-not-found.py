"""Computed diagnosis for keras.model-file-not-found: what the path itself says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("filepath")
    if not isinstance(path, str) or not path.strip():
        return None
    p = path.strip().strip("'\"")
    is_abs = p.startswith(("/", "\\")) or (len(p) > 2 and p[1] == ":")
    hints: list[str] = []
    fix: list[str] = []
    if "{" in p and "}" in p:
        diagnosis = "unformatted checkpoint template"
        hints.append(f"The path '{p}' still contains a {{...}} template: the name ModelCheckpoint fills per epoch was passed to load_model unformatted.")
        fix.append("Load one concrete file (ls the checkpoint folder) or use a fixed filepath in ModelCheckpoint.")
    elif p.startswith(("/kaggle/", "/content/")):
        diagnosis = "notebook storage path missing"
        hints.append(f"{p} is on Kaggle/Colab storage: the file must have been written in this same session (or attached as input).")
        fix.append("Check ModelCheckpoint actually wrote it (monitor name, save_best_only) or attach the dataset/model that holds it.")
    elif not is_abs:
        diagnosis = "relative path"
        hints.append(f"'{p}' is relative: it is resolved against the process's working directory, not the script's folder.")
        fix.append("Use os.path.join(os.path.dirname(__file__), ...) or an absolute path; print os.getcwd() to see where it looked.")
    else:
        diagnosis = "absolute path does not exist"
        hints.append(f"Nothing exists at {p}: the model was not saved/downloaded there, or the name differs.")
        fix.append(f"ls -la {p.rsplit('/', 1)[0] if '/' in p else '.'}  # compare the real file name and extension")
    if "\\" in p and not p.startswith("\\\\"):
        hints.append("The path has backslashes: in a normal Python string sequences like \\t or \\n change it; use a raw string or '/'.")
    return Explanation(text=" ".join(hints), fix=tuple(fix), derived={"diagnosis": diagnosis})
