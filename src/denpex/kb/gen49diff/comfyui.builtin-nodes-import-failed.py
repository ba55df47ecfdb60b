"""Computed diagnosis for comfyui.builtin-nodes-import-failed: which built-in node files failed, the package each
one usually needs, and the install command for the portable build or a venv."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# comfy_extras file -> the third-party package its import line needs (ComfyUI requirements.txt)
_FILE_PACKAGE = {
    "nodes_audio.py": "torchaudio (built for the same torch/CUDA) and av",
    "nodes_canny.py": "kornia",
    "nodes_morphology.py": "kornia",
    "nodes_upscale_model.py": "spandrel",
    "nodes_video.py": "av",
    "nodes_images.py": "av (video save nodes)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("node_file")
    files = [str(x) for x in raw] if isinstance(raw, (list, tuple)) else ([str(raw)] if raw else [])
    reason = str(facts.get("reason") or "")
    path = str(facts.get("module_path") or "")
    folder = str(facts.get("folder") or "")
    if not folder:
        folder = "api_nodes" if "comfy_api_nodes" in path else "extras"
    windows = "\\" in path or re.match(r"^[A-Za-z]:", path) is not None
    node_list = ", ".join(files) if files else f"comfy_{folder} files"
    needs = sorted({_FILE_PACKAGE[f] for f in files if f in _FILE_PACKAGE})
    mod = re.search(r"No module named '([^']+)'", reason) or re.search(r"([A-Za-z_][A-Za-z0-9_.]*)", str(facts.get("module") or "")) if (reason or facts.get("module")) else None
    parts: list[str] = []
    fix: list[str] = []
    if mod:
        diagnosis = f"package '{mod.group(1).split('.')[0]}' missing in ComfyUI's Python"
        parts.append(f"{node_list} imports {mod.group(1)}, which is not installed in the Python that runs ComfyUI.")
    elif reason:
        diagnosis = f"import error: {reason[:120]}"
        parts.append(f"{node_list} raised while importing: {reason}.")
    elif needs:
        diagnosis = "dependencies of the updated ComfyUI not installed (usually " + "; ".join(needs) + ")"
        parts.append(f"{node_list} usually fail(s) when {'; '.join(needs)} is missing or broken; the traceback printed above the block names the exact module.")
    else:
        diagnosis = "dependencies added by the last ComfyUI update are not installed"
        parts.append("ComfyUI's own node files failed to import after an update; the traceback printed above the block ('Cannot import ... module for custom nodes: <reason>') names the missing module.")
    if folder == "api_nodes":
        parts.append("These are the API (partner) nodes; ComfyUI runs without them.")
        fix.append("If you do not use API nodes, start ComfyUI with --disable-api-nodes; otherwise install the requirements below.")
    fix.append("Portable build: run update\\update_comfyui.bat, or python_embeded\\python.exe -m pip install -r ComfyUI\\requirements.txt.")
    fix.append("venv / manual install: <ComfyUI's python> -m pip install -r requirements.txt in the ComfyUI folder.")
    if any("torchaudio" in n for n in needs) or (mod and mod.group(1).startswith("torchaudio")):
        fix.append("torchaudio must match torch: pip install torchaudio==<your torch version> from the same PyTorch index (cuXYZ).")
    derived = {"node_list": node_list, "diagnosis": diagnosis}
    if needs:
        derived["usual_packages"] = "; ".join(needs)
    if windows:
        derived["install_kind"] = "windows path (portable or Desktop)"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
