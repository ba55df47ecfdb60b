"""Computed diagnosis for dust3r.no-images-found: list input vs folder, and what the folder name suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SCENE_ROOT_HINTS = ("sparse", "colmap", "transforms", "scene", "dataset", "data")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    root = str(facts.get("root") or "").strip()
    if not root:
        return Explanation(
            text=("Nothing follows 'at': load_images was given a Python list (its root is the empty string), and the list "
                  "was empty or held only files with unsupported extensions. Print the list before the call; an empty "
                  "glob or a wrong image directory argument is the usual cause."),
            fix=("print(len(image_list), image_list[:3])  # right before load_images",
                 "Pass the folder that directly holds the .jpg/.jpeg/.png files, or fix the glob pattern."),
            derived={"where": " in the list it was given", "diagnosis": " (a list was passed: it was empty or had no .jpg/.jpeg/.png)"},
        )
    last = root.rstrip("/\\").replace("\\", "/").rsplit("/", 1)[-1].lower()
    if last in ("images", "input", "rgb", "frames", "color"):
        diagnosis = f" ({last}/ exists but holds no .jpg/.jpeg/.png: other format (.webp/.tif/.bmp) or nested folders)"
        text = (f"The folder {root} exists and looks like an image folder, but no file in it has a supported extension: "
                "convert the frames to PNG/JPG or point at the sub-folder that really holds them.")
        fix = (f"ls {root} | head", "mogrify -format png *.webp  # or *.tif / *.bmp, inside the folder")
    elif any(h in last for h in _SCENE_ROOT_HINTS):
        diagnosis = f" ({root} looks like a scene root: pass its images/ sub-folder)"
        text = (f"{root} was listed without recursion and looks like a dataset or scene root; the images are probably "
                "in a sub-folder such as images/.")
        fix = (f"Pass {root.rstrip('/')}/images (or the folder that directly holds the frames).",)
    else:
        diagnosis = f" ({root} has no .jpg/.jpeg/.png directly inside)"
        text = (f"{root} exists (a missing folder raises FileNotFoundError earlier) but has no .jpg/.jpeg/.png file "
                "directly inside it: the images are in a sub-folder or in another format.")
        fix = (f"ls {root} | head", "Point the argument at the folder that directly holds the images, or convert them to PNG/JPG.")
    return Explanation(text=text, fix=fix, derived={"where": f" in {root}", "diagnosis": diagnosis})
