"""Computed diagnosis for pytorch3d.not-compiled-with-gpu: which package/op, and the rebuild line for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REBUILD = {
    "pytorch3d": ("pip uninstall -y pytorch3d && FORCE_CUDA=1 pip install --no-build-isolation --no-cache-dir "
                  "'git+https://github.com/facebookresearch/pytorch3d.git@stable'  (CUDA_HOME must point at the toolkit "
                  "matching torch.version.cuda)"),
    "maskrcnn_benchmark": ("rm -rf build/ && FORCE_CUDA=1 CUDA_HOME=/usr/local/cuda python setup.py build develop  "
                           "(in the maskrcnn-benchmark checkout)"),
    "fcos_core": "rm -rf build/ && FORCE_CUDA=1 CUDA_HOME=/usr/local/cuda python setup.py build develop  (in the FCOS checkout)",
    "kaolin": ("pip uninstall -y kaolin && FORCE_CUDA=1 pip install --no-build-isolation kaolin from source, or the "
               "prebuilt wheel for your torch/CUDA from the kaolin wheel index"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "").strip()
    op = str(facts.get("op") or "").strip()
    src = str(facts.get("src_file") or "").strip()
    name = pkg or "the extension"
    where = f" (op {op}" + (f", {src}" if src else "") + ")" if op else ""
    text = (f"{name}'s compiled _C module has no CUDA kernels{where}: it was built without CUDA (no GPU visible "
            "or FORCE_CUDA unset at build time, CUDA_HOME/nvcc missing, or a CPU-only torch), so every op on a CUDA "
            "tensor fails while CPU tensors still work.")
    if "pip-req-build" in src or "pip-install" in src:
        text += " The path shows it was built by pip from source on this machine."
    fix = [_REBUILD.get(pkg, "Rebuild the extension with FORCE_CUDA=1 and CUDA_HOME set, after deleting its build/ folder.")]
    fix.append("In Docker/CI set ENV FORCE_CUDA=1 and TORCH_CUDA_ARCH_LIST (e.g. '8.0;8.6;9.0') before installing.")
    if src.count("\\") > 1 or ":\\" in src:
        fix.append("On Windows build from an 'x64 Native Tools' prompt with the CUDA toolkit on PATH, or use WSL2.")
    return Explanation(text=text, fix=tuple(fix), derived={"package": pkg or "CUDA", "op": op or "GPU op"})
