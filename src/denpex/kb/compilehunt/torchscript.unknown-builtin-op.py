"""Computed diagnosis for torchscript.unknown-builtin-op: which library registers the operator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {
    "torchvision": ("torchvision", "import torchvision", "link TorchVision::TorchVision (same LibTorch version) with -Wl,--no-as-needed"),
    "torchaudio": ("torchaudio", "import torchaudio", "link libtorchaudio built for the same LibTorch"),
    "detectron2": ("detectron2", "import detectron2 (its _C extension)", "build and link detectron2's C++ ops"),
    "fbgemm": ("fbgemm_gpu", "import fbgemm_gpu", "link fbgemm_gpu's ops library"),
    "aten": ("PyTorch itself", "use a PyTorch at least as new as the one that saved the model", "use a LibTorch at least as new as the exporting PyTorch"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ns = str(facts.get("namespace") or "")
    op = str(facts.get("op") or "")
    if not ns:
        return None
    lib, py_fix, cpp_fix = _KNOWN.get(ns, (f"the {ns} ops library",
                                            f"torch.ops.load_library('<path to the {ns} ops .so>') or import its package",
                                            f"link the {ns} ops library into the binary"))
    if ns == "aten":
        diagnosis = f"aten::{op} missing: runtime older than the exporter"
        text = (f"aten::{op} is a core operator unknown to this runtime: the model was saved by a newer PyTorch "
                "than the one loading it.")
    else:
        diagnosis = f"{ns}::{op} needs {lib} loaded"
        text = (f"{ns}::{op} is registered by {lib}, which this process has not loaded. "
                "Load it before torch.jit.load / torch.jit.script.")
    return Explanation(text=text, fix=(f"Python: {py_fix} before torch.jit.load.", f"C++: {cpp_fix}."),
                       derived={"diagnosis": diagnosis})
