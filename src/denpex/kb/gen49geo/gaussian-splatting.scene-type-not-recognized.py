"""Computed diagnosis for gaussian-splatting.scene-type-not-recognized: what the source path points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TOO_DEEP = ("images", "input", "images_2", "images_4", "images_8", "0", "distorted")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("source_path") or "").strip().strip("'\"")
    cfg = str(facts.get("cfg_args") or "").strip()
    where = src or (f"the source_path stored in {cfg}" if cfg else "the source path")
    derived: dict[str, str] = {"where": where}
    fix: list[str] = []
    if src:
        norm = src.replace("\\", "/").rstrip("/")
        last = norm.rsplit("/", 1)[-1].lower()
        if last.endswith((".ply", ".bin", ".json", ".txt", ".npy")):
            derived["cause"] = "source path is a file"
            text = (f"-s {src} names a file; the loader needs the scene folder that contains sparse/ "
                    "(COLMAP) or transforms_train.json (Blender).")
            fix.append("Pass the scene folder: -s <scene> where <scene>/sparse/0 holds cameras.bin, images.bin, points3D.bin.")
        elif last in _TOO_DEEP or norm.lower().endswith("sparse/0") or last == "sparse":
            parent = norm.rsplit("/", 2 if norm.lower().endswith("sparse/0") else 1)[0]
            derived["cause"] = "source path one level too deep"
            text = (f"-s {src} points inside the scene (the '{last}' folder); sparse/ must be directly under the -s folder.")
            fix.append(f"Use -s {parent} (the folder that contains images/ and sparse/).")
        elif norm.startswith(":"):
            derived["cause"] = "drive letter missing"
            text = f"-s {src} lost its drive letter, so the path does not exist."
            fix.append("Write the full Windows path with its drive letter, e.g. -s C:\\data\\scene.")
        else:
            derived["cause"] = "no sparse/ or transforms_train.json under the source path"
            text = (f"Under {src} the loader found neither sparse/ nor transforms_train.json: the path is wrong, relative to "
                    "another working directory, or COLMAP (convert.py) never wrote sparse/.")
            fix.append(f"ls {src} - expect sparse/0/ (or transforms_train.json); if missing, rerun python convert.py -s {src}.")
    elif cfg:
        derived["cause"] = "stale source_path in cfg_args"
        text = (f"The script read its data path from {cfg} (written at training time) and that path no longer holds "
                "sparse/ or transforms_train.json.")
        fix.append("Pass -s <current data folder> to render.py / the eval script, or edit source_path in cfg_args.")
    else:
        return Explanation(text="The source path holds neither sparse/ nor transforms_train.json.",
                           fix=("Point -s at the scene folder that directly contains sparse/ (COLMAP) or transforms_train.json.",),
                           derived={"where": where, "cause": "unknown path"})
    return Explanation(text=text, fix=tuple(fix), derived=derived)
