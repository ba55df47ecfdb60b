"""Computed diagnosis for ultralytics.invalid-argument: what kind of key was rejected."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_YOLOV5 = {
    "img_size": "imgsz", "img": "imgsz", "image_size": "imgsz", "batch_size": "batch",
    "weights": "model", "hyp": "individual hyperparameters (lr0=..., mosaic=...) or cfg=custom.yaml",
    "num_workers": "workers", "lr": "lr0", "savedir": "project= and name=", "save_dir": "project= and name=",
    "output_dir": "project= and name=", "conf_thres": "conf", "iou_thres": "iou", "img-size": "imgsz",
    "batch-size": "batch",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("arg")
    if not isinstance(raw, str) or not raw:
        return None
    arg = re.sub(r"\x1b\[[0-9;]*m", "", raw)
    similar = facts.get("similar") if isinstance(facts.get("similar"), str) else ""
    first = similar.split(",")[0].strip().strip("'\"") if similar else ""
    fix: list[str] = []
    if facts.get("_signature") == "space-in-key" or arg != arg.strip():
        arg = arg.strip()
        cause = "whitespace"
        text = f"The key '{arg} ' ends with whitespace; ultralytics compares keys literally, so it is not '{arg}'."
        fix.append(f"Strip the key where the overrides dict is built: '{arg}' (e.g. {{k.strip(): v for k, v in cfg.items()}}).")
    elif arg.lower() in _YOLOV5:
        cause = "yolov5-or-internal-name"
        text = f"'{arg}' is not an ultralytics 8.x key (YOLOv5-style or internal name); the equivalent is {_YOLOV5[arg.lower()]}."
        fix.append(f"Replace {arg} with {_YOLOV5[arg.lower()]}.")
    elif any(c in arg for c in "/\\") or arg.endswith((".yaml", ".yml", ".pt", ".jpg", ".mp4")) or " " in arg:
        cause = "value-without-key"
        text = (f"'{arg}' looks like a value, not a key: in the CLI a token without key= (an unquoted path with spaces, "
                "a broken {variable} expansion) becomes a key of its own.")
        fix.append("Write key=value for every token and quote paths that contain spaces, e.g. data=\"C:/my data/data.yaml\".")
    elif first:
        cause = "typo"
        text = f"'{arg}' is unknown to this ultralytics; the closest known setting is {first}."
        fix.append(f"Use {first.split('=')[0]}= (suggested by ultralytics: {similar}).")
        fix.append("If the docs list it under this exact name, upgrade: pip install -U ultralytics.")
    else:
        cause = "unknown-or-newer"
        text = (f"'{arg}' has no close match in the installed default.yaml: it is either newer than the installed "
                "ultralytics or belongs to another tool.")
        fix.append("pip install -U ultralytics if the current docs list the argument; otherwise remove it.")
    return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": cause, "argument": arg})
