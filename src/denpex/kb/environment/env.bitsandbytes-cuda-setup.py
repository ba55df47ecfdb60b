"""Computed diagnosis for env.bitsandbytes-cuda-setup: which CUDA binary bitsandbytes wanted."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _cuda(tag: str) -> str:
    """'124' -> '12.4', '118' -> '11.8'."""
    return f"{tag[:-1]}.{tag[-1]}" if tag and tag.isdigit() and len(tag) >= 2 else tag


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    binary = str(facts.get("binary") or "")
    bnb_cuda = str(facts.get("bnb_cuda") or "")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    m = re.search(r"libbitsandbytes_cuda([0-9]+)", binary)
    want = m.group(1) if m else ""
    if want:
        derived["wanted_cuda"] = _cuda(want)
        derived["what"] = f"no binary for CUDA {_cuda(want)} in this install"
        src = f"because BNB_CUDA_VERSION={bnb_cuda} overrides torch's version" if bnb_cuda else "the CUDA version torch reports"
        parts.append(f"bitsandbytes looked for libbitsandbytes_cuda{want} (CUDA {_cuda(want)}, {src}) and the installed package has no such file.")
        if bnb_cuda:
            fix.append("Unset the override (export BNB_CUDA_VERSION=) so bitsandbytes uses torch's CUDA, unless you built that binary yourself.")
        fix.append(f"pip install -U bitsandbytes - current releases ship binaries for the CUDA versions of current torch wheels; if torch uses CUDA {_cuda(want)} and none exists yet, install the torch build for a CUDA bitsandbytes supports.")
        if "/bitsandbytes/bitsandbytes/" in binary:
            fix.append("The path is a source checkout: compile it (cmake -DCOMPUTE_BACKEND=cuda -S . && make) or install the wheel instead.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if bnb_cuda:
        derived["what"] = f"BNB_CUDA_VERSION={bnb_cuda} override"
        parts.append(f"BNB_CUDA_VERSION={bnb_cuda} forced bitsandbytes to load its CUDA {_cuda(bnb_cuda)} library, which failed, so only the CPU library is active.")
        fix.append("export BNB_CUDA_VERSION= (empty) and reinstall: pip install -U bitsandbytes.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    derived["what"] = "only the CPU library loaded"
    parts.append("bitsandbytes could not load a CUDA build of its native library and fell back to the CPU one (or gave up): the installed release has no binary for this platform/CUDA (Windows before 0.43, a torch CUDA newer than the release) or, in releases before 0.41, libcudart was not on LD_LIBRARY_PATH.")
    fix.append("pip install -U bitsandbytes (>= 0.43 supports Linux and Windows with torch's own CUDA runtime), then check with python -m bitsandbytes.")
    fix.append("Keeping an old release: export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda/lib64 (where libcudart.so lives), or remove bitsandbytes-windows / third-party forks before installing the official wheel.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
