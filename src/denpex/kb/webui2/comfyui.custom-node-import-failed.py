"""Computed diagnosis for comfyui.custom-node-import-failed: which pack, what kind of failure, the pip line to run."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# import name -> pip distribution, for the modules custom node packs most often miss
_PIP = {
    "cv2": "opencv-python", "PIL": "pillow", "skimage": "scikit-image", "sklearn": "scikit-learn",
    "yaml": "pyyaml", "mediapipe": "mediapipe", "onnxruntime": "onnxruntime-gpu", "insightface": "insightface",
    "segment_anything": "segment-anything", "git": "gitpython", "dill": "dill", "piexif": "piexif",
    "diffusers": "diffusers", "transformers": "transformers", "accelerate": "accelerate", "timm": "timm",
    "einops": "einops", "kornia": "kornia", "numba": "numba", "rembg": "rembg", "ultralytics": "ultralytics",
    "google": "protobuf", "fairscale": "fairscale", "matplotlib": "matplotlib", "scipy": "scipy",
    "spandrel": "spandrel", "huggingface_hub": "huggingface_hub", "safetensors": "safetensors",
    "sentencepiece": "sentencepiece", "imageio": "imageio", "imageio_ffmpeg": "imageio-ffmpeg", "av": "av",
    "decord": "decord", "omegaconf": "omegaconf", "bitsandbytes": "bitsandbytes", "gguf": "gguf",
}


def _pack(path: str) -> str:
    parts = [p for p in re.split(r"[\\/]+", path.strip().strip("'\"")) if p]
    if "custom_nodes" in parts:
        i = parts.index("custom_nodes")
        if i + 1 < len(parts):
            return parts[i + 1]
    return parts[-1] if parts else path


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("module_path") or "").strip()
    reason = str(facts.get("reason") or "").strip()
    module = str(facts.get("module") or "").strip()
    if not module:
        m = re.search(r"No module named '([^']+)'", reason)
        if m:
            module = m.group(1)
    if not path and not module:
        return None
    pack = _pack(path) if path else "the custom node pack"
    portable = "python_embeded" in path or "ComfyUI_windows_portable" in path
    py = "python_embeded\\python.exe" if portable else "<the python that runs ComfyUI>"
    derived: dict[str, Any] = {"custom_node": pack}
    fix: list[str] = []
    if module:
        top = module.split(".")[0]
        derived["missing_module"] = module
        if top.replace("-", "_").lower() == pack.replace("-", "_").lower() or "-" in top:
            kind = "the pack's own module is missing (broken or nested checkout), not a pip dependency"
            text = (f"{pack} failed to import because its own module '{module}' is missing: the folder is incomplete, "
                    "was cloned one level too deep, or has a '-' in a name used for a package import.")
            fix.append(f"Delete custom_nodes/{pack} and reinstall it with ComfyUI-Manager or a fresh git clone into custom_nodes/.")
        else:
            pkg = _PIP.get(top, top.replace("_", "-"))
            derived["pip_package"] = pkg
            kind = f"missing Python package {top} (pip: {pkg})"
            text = (f"{pack} imports '{module}', which is not installed in the Python that runs ComfyUI. The pack's "
                    "requirements were not installed, or were installed into another Python.")
            fix.append(f"{py} -m pip install -r custom_nodes/{pack}/requirements.txt  (or at least: {py} -m pip install {pkg})")
            fix.append("Or ComfyUI-Manager -> Custom Nodes Manager -> " + pack + " -> Try fix, then restart ComfyUI.")
    elif reason.startswith("cannot import name"):
        kind = "API mismatch between the pack and ComfyUI or a library"
        text = (f"{pack} imports a name that does not exist in the installed version ({reason}). The pack and ComfyUI "
                "(or a library it uses) are out of step.")
        fix.append(f"Update both: git pull in ComfyUI and in custom_nodes/{pack} (or Manager 'Update All'), then {py} -m pip install -r custom_nodes/{pack}/requirements.txt.")
        fix.append("If the pack is abandoned, pin ComfyUI to an older release or replace the pack.")
    elif "No such file or directory" in reason and "__init__.py" in reason:
        kind = "not a custom node folder (no __init__.py)"
        text = (f"custom_nodes/{pack} has no __init__.py: it is a model folder, an A1111 extension, or an empty/failed clone "
                "placed in custom_nodes.")
        fix.append(f"Move custom_nodes/{pack} out of custom_nodes (models go under ComfyUI/models/...), or re-clone the pack.")
    else:
        kind = "exception while importing the pack"
        text = f"{pack} raised while ComfyUI imported it: {reason or 'see the traceback above'}"
        fix.append(f"Read the traceback above the 'Cannot import' line; update or reinstall custom_nodes/{pack}, or disable it.")
    derived["reason"] = reason or (f"No module named '{module}'" if module else kind)
    derived["failure_kind"] = kind
    return Explanation(text=text, fix=tuple(fix), derived=derived)
