"""Computed diagnosis for build.compiler-killed-oom: which tool was killed and how to cut peak memory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prog = str(facts.get("program") or "")
    if not prog:
        return None
    cuda = prog in {"cicc", "ptxas", "cudafe++", "nvlink", "fatbinary"}
    stage = "nvcc's CUDA front end/assembler" if cuda else "the C/C++ compiler"
    text = (f"{prog} ({stage}) received SIGKILL: the build ran out of memory (OOM killer or container/cgroup limit), "
            "not a problem in the source code.")
    fix = ["Rebuild with fewer parallel jobs: MAX_JOBS=2 (pip / cpp_extension), CMAKE_BUILD_PARALLEL_LEVEL=2 or make -j2."]
    if cuda:
        fix.append("Compile only your GPU's architecture: TORCH_CUDA_ARCH_LIST=\"$(python -c 'import torch; print(\"%d.%d\" % torch.cuda.get_device_capability())')\"; flash-attn: NVCC_THREADS=1.")
    fix.append("Or add swap / use a node with more RAM, or install a prebuilt wheel for your torch and CUDA.")
    return Explanation(text=text, fix=tuple(fix), derived={"what": f"{prog} OOM-killed"})
