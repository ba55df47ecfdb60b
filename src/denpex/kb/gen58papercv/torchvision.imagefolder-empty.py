"""Computed diagnosis for torchvision.imagefolder-empty: which layout problem the message points to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    root = str(facts.get("root") or "").strip().strip("'\"").rstrip(".")
    classes = str(facts.get("classes") or "").strip()
    if sig == "no-valid-file" and classes:
        names = [c.strip() for c in classes.split(",") if c.strip()]
        text = (f"The class folder(s) {', '.join(names[:8])} exist but hold no file with an accepted extension: "
                "they are empty (incomplete download/extraction) or contain other file types.")
        fix = (f"ls the folder(s) {', '.join(names[:3])} under the dataset root; remove empty class folders or add the images.",
               "If the files use another extension, pass extensions=/is_valid_file= to DatasetFolder.")
        return Explanation(text=text, fix=fix, derived={"layout": "empty class folders"})
    if not root:
        return None
    if sig == "no-class-folder":
        text = (f"{root} has no sub-directory at all: ImageFolder needs {root}/<class>/<image>. The images are directly "
                "in this folder, or the path points one level too deep / at the wrong place.")
        layout = "no class folders"
    else:
        text = (f"Nothing with an image extension was found one level below {root}: either the path is wrong "
                f"(relative paths resolve from the current directory), the images are directly in {root} without class "
                "sub-folders, or the dataset still has its download layout and the repo's prepare script was not run.")
        layout = "no images in class folders"
    fix = (f"ls {root} should list class folders; find {root} -maxdepth 2 -type f | head should list images.",
           "Run the repository's dataset preparation step (README) or move images into <root>/<class>/.")
    return Explanation(text=text, fix=fix, derived={"layout": layout})
