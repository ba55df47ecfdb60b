"""Computed diagnosis for sentence-transformers.model-path-not-found: what kind of path failed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip().strip("'\"")
    if not path:
        return None
    if path.startswith("."):
        text = f"'{path}' is relative, so it is resolved against the current working directory, where it does not exist."
        fix = (f"Use an absolute path or build it from the script: os.path.join(os.path.dirname(__file__), {path.lstrip('./')!r}).",
               "Or run the program from the directory that contains that folder.")
    elif path.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", path) or "\\" in path:
        text = f"The absolute path '{path}' does not exist on this machine/container."
        fix = ("Download or copy the model there (huggingface-cli download <repo> --local-dir <path>), or mount it into the container.",
               "Check for typos and path separators (Windows: use a raw string r'C:\\...').")
    elif path.count("/") > 1:
        hub = "/".join(path.split("/")[:2])
        text = f"'{path}' has more than one '/', so it is treated as a local path rather than the Hub id '{hub}'."
        fix = (f"Pass the Hub id '{hub}' (one slash) to download it, or make the local folder exist.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"path": path})
