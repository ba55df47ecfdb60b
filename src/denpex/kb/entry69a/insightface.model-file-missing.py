"""Computed diagnosis for insightface.model-file-missing: where get_model looked and where the file must go."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SEP = re.compile(r"[\\/]")


def _split(path: str) -> tuple[str, str]:
    parts = _SEP.split(path)
    name = parts[-1]
    folder = path[: len(path) - len(name)].rstrip("\\/")
    return folder, name


def _app(path: str, signature: str) -> str:
    low = path.lower()
    if signature == "dlc-status" or "deep-live-cam" in low or "deep_live_cam" in low:
        return "Deep-Live-Cam"
    if "comfyui" in low:
        return "ComfyUI (ReActor / face-swap nodes)"
    if "stable-diffusion-webui" in low or "sd-webui" in low or "automatic" in low and "extensions" in low:
        return "Stable Diffusion web UI extension"
    if "fooocus" in low:
        return "Fooocus-inswapper"
    if "facefusion" in low:
        return "FaceFusion"
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("model_file") or "").strip().strip("'\"")
    if not path:
        return None
    signature = str(facts.get("_signature") or "")
    folder, name = _split(path)
    app = _app(path, signature)
    fix: list[str] = []
    derived: dict[str, str] = {"file_name": name}
    if not folder:
        text = (f"get_model was given the bare name '{name}' with no folder: it looked for ./{name} in the current "
                "working directory of the process (not in ~/.insightface/models) and found nothing there.")
        fix.append(f"Pass the full path of the file: get_model(os.path.abspath('<folder>/{name}'), download=False, download_zip=False)")
        fix.append(f"Or copy {name} into the working directory (print os.getcwd() in the same script to see it)")
        derived["lookup"] = "current working directory"
    else:
        where = f" ({app})" if app else ""
        text = (f"The app{where} expects the file '{name}' in {folder} and it is not there "
                "under exactly that name.")
        fix.append(f"Download {name} and save it as {path}")
        derived["lookup"] = folder
        if app:
            derived["app"] = app
        if "scripts" in _SEP.split(folder.lower()) and app.startswith("Stable Diffusion"):
            text += " The path points into the extension's own scripts folder, a path bug of older extension releases."
            fix.append("Update the extension (or put the model in the webui models folder it documents)")
    if "_fp16" in name:
        plain = name.replace("_fp16", "")
        text += f" This build asks for the fp16 variant; a downloaded {plain} has another name."
        fix.append(f"Download {name}, or rename your {plain} to {name}")
    elif app == "Deep-Live-Cam":
        fix.append("Deep-Live-Cam releases differ in the name they expect (inswapper_128.onnx or inswapper_128_fp16.onnx): match the printed name")
    fix.append("Check it is a complete .onnx file (about 530 MB for inswapper_128, not a .zip or .part download)")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
