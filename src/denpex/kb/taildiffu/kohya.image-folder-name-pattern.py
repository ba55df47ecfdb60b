"""Computed diagnosis for kohya.image-folder-name-pattern: read the offending folder names."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPEATS = re.compile(r"^\d+_\S")


def _parts(path: str) -> list[str]:
    return [p for p in re.split(r"[\\/]+", path.strip()) if p]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    folders = str(facts.get("folders") or "").strip()
    train_dir = str(facts.get("train_dir") or "").strip()
    if folders:
        names = [_parts(f)[-1] if _parts(f) else f for f in folders.split(", ")]
        hidden = [n for n in names if n.startswith(".")]
        if hidden:
            parent = "/".join(_parts(folders.split(", ")[0])[:-1]) or "the image folder"
            return Explanation(
                text=f"Hidden folder(s) {', '.join(hidden)} inside the image folder break the <repeats>_<name> check.",
                fix=(f"Delete them: rm -rf {' '.join(parent.rstrip('/') + '/' + h for h in hidden)} (and avoid opening the folder in Jupyter's browser).",),
                derived={"diagnosis": "hidden folder in the image folder"})
        return Explanation(
            text=f"Subfolder(s) {', '.join(names)} are not named <repeats>_<name>.",
            fix=(f"Rename them, e.g. {names[0]} -> 10_{names[0]}, or select the folder above them if they are the images themselves.",),
            derived={"diagnosis": "subfolder without repeats prefix"})
    if train_dir:
        parts = _parts(train_dir)
        if parts and _REPEATS.match(parts[-1]):
            return Explanation(
                text=f"The image folder '{train_dir}' is itself a <repeats>_<name> folder: select its parent instead.",
                fix=(f"Set Image folder to {'/'.join(parts[:-1])}.",),
                derived={"diagnosis": "repeats folder selected instead of its parent"})
        if len(parts) > 1 and _REPEATS.match(parts[-2]):
            return Explanation(
                text=f"The layout is reversed: '{parts[-2]}' contains '{parts[-1]}'. Images belong directly in the <repeats>_<name> folder, which sits inside the image folder.",
                fix=(f"Move the images into {parts[-2]}, put {parts[-2]} inside a folder such as img/, and select img/.",),
                derived={"diagnosis": "folder structure reversed"})
        return Explanation(
            text=f"Some subfolder of '{train_dir}' is not named <repeats>_<name>.",
            fix=("List the folder and rename or remove every subfolder that is not like 10_name.",),
            derived={"diagnosis": "subfolder without repeats prefix"})
    return None
