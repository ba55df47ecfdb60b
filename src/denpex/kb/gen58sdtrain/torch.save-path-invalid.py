"""Computed diagnosis for torch.save-path-invalid: which part of the output path is wrong."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ABS = re.compile(r"^(?:/|[A-Za-z]:[\\/]|\\\\)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parent = str(facts.get("parent_dir") or "").strip()
    path = str(facts.get("path") or "").strip()
    if parent:
        absolute = bool(_ABS.match(parent))
        mixed = "/" in parent and "\\" in parent
        text = f"The folder {parent} does not exist, so torch.save cannot open its output file there."
        if not absolute:
            text += " It is a relative path: it is resolved against the current working directory of the process."
        if mixed:
            text += " The path mixes / and \\ separators (built from pieces on Windows); check each part exists."
        fix = (
            f"os.makedirs(r\"{parent}\", exist_ok=True) before torch.save (or mkdir -p \"{parent}\")",
            "Or pass an absolute output path / run the script from the folder its relative paths expect.",
        )
        return Explanation(text=text, fix=fix, derived={"target": f"a file in the missing folder {parent}"})
    if path:
        base = re.split(r"[\\/]", path)[-1]
        stem = base.split(".", 1)[0] if not base.startswith(".") else ""
        if not stem:
            text = (f"The output file name '{base}' has no name before its extension: the variable that should name the file "
                    "(output name, session name, prefix) was empty.")
            fix = ("Set the output / session name option so the path ends in <name>" + (base or ".pt") + ".",)
        else:
            text = f"PyTorch rejected the output file name {path}."
            fix = ("Use a plain file name (letters, digits, - and _) in an existing folder.",)
        return Explanation(text=text, fix=fix, derived={"target": f"the file {path or base}"})
    return None
