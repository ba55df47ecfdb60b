"""Computed diagnosis for torchcodec.op-not-registered: name the torchcodec release for a torch version."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# TorchCodec README compatibility table (torch minor -> torchcodec releases built for it).
_FOR_TORCH = {
    "2.4": "0.0.3", "2.5": "0.1", "2.6": "0.2", "2.7": "0.5", "2.8": "0.7",
    "2.9": "0.9", "2.10": "0.10", "2.11": "0.11",
}
_TORCH_FOR = {
    "0.0": "2.4", "0.1": "2.5", "0.2": "2.6", "0.3": "2.7", "0.4": "2.7", "0.5": "2.7", "0.6": "2.8",
    "0.7": "2.8", "0.8": "2.9", "0.9": "2.9", "0.10": "2.10", "0.11": "2.11",
}


def _minor(v: str) -> str | None:
    m = re.match(r"(\d+)\.(\d+)", v or "")
    return f"{m.group(1)}.{m.group(2)}" if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    backend = str(facts.get("backend") or "")
    if not op:
        return None
    torch_v = _minor(str(facts.get("torch_version") or ""))
    codec_v = _minor(str(facts.get("torchcodec_version") or ""))
    fixes: list[str] = []
    derived: dict[str, Any] = {}
    if backend.upper() == "CUDA":
        text = (f"{op} has no CUDA kernel: the installed torchcodec is a CPU-only build (or torch has no CUDA). "
                "Install the CUDA torchcodec wheel for torch's CUDA variant, or decode on CPU.")
        fixes.append("pip install torchcodec --index-url https://download.pytorch.org/whl/cu128  # match torch's cuXXX")
    else:
        text = (f"{op} has no {backend or 'CPU'} kernel: the compiled torchcodec library does not match the installed torch, "
                "so its kernels were not registered.")
        if torch_v and torch_v in _FOR_TORCH:
            want = _FOR_TORCH[torch_v]
            fixes.append(f"pip install 'torchcodec=={want}.*'  # built for torch {torch_v}")
        if codec_v and codec_v in _TORCH_FOR:
            derived["expected_torch"] = _TORCH_FOR[codec_v]
            fixes.append(f"or keep torchcodec {codec_v} with torch {_TORCH_FOR[codec_v]}.*")
        fixes.append("torch nightly: pip install --pre torch torchcodec --index-url https://download.pytorch.org/whl/nightly/cu128")
        fixes.append("python -c \"import torch, torchcodec; print(torch.__version__, torchcodec.__version__)\"  # compare with the TorchCodec table")
    return Explanation(text=text, fix=tuple(fixes), derived=derived)
