"""Computed diagnosis for compile.triton-no-c-compiler: which piece of the launcher toolchain is missing, and how to provide it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    header, locs = facts.get("header"), facts.get("locs")
    missing = str(facts.get("missing") or "")
    if header:
        h = str(header)
        if h == "Python.h":
            return Explanation(
                text="Triton's launcher stub includes Python.h, and the running interpreter's include directory has none: the Python development headers are not installed for this Python.",
                fix=("Install the headers for this exact interpreter: apt-get install -y python3-dev (or python3.X-dev matching `python --version`); dnf install python3-devel on RHEL.",
                     "Check: python -c \"import sysconfig; print(sysconfig.get_paths()['include'])\" must contain Python.h; a venv built from a headerless Python needs a different base interpreter (official python image, conda, uv-managed Python)."),
                derived={"what": "Python.h missing (no Python development headers)"})
        if h == "cuda.h":
            return Explanation(
                text="The (older) Triton launcher stub includes cuda.h, which comes from the CUDA toolkit headers; this environment has only the driver/runtime libraries.",
                fix=("Install the CUDA toolkit headers (cuda-cudart-dev / the nvidia/cuda devel image) or upgrade Triton (2.1+ bundles the headers it needs).",),
                derived={"what": "cuda.h missing (no CUDA toolkit headers)"})
        return Explanation(
            text=f"Triton's launcher stub could not include {h}.",
            fix=(f"Install the development package that provides {h} for this environment.",),
            derived={"what": f"{h} missing"})
    if locs:
        first = re.findall(r"'([^']+)'", str(locs))
        d = first[0].rsplit("/", 1)[0] if first else "<dir of libcuda.so.1>"
        return Explanation(
            text=f"libcuda.so.1 exists ({locs}) but is not in the linker cache / has no libcuda.so next to it, so Triton cannot use it.",
            fix=(f"export TRITON_LIBCUDA_PATH={d} (Triton 2.2+), or run ldconfig {d} (Colab: ldconfig /usr/lib64-nvidia).",
                 f"Or create the symlink: ln -s {d}/libcuda.so.1 {d}/libcuda.so."),
            derived={"what": "libcuda.so not found by Triton"})
    if missing.startswith("Failed"):
        return Explanation(
            text="Triton needs a C compiler at run time to build its kernel launcher, and found none: CC is unset and neither gcc nor clang is on PATH.",
            fix=("Linux: apt-get install -y build-essential python3-dev (or export CC=/path/to/gcc); conda: conda install -c conda-forge gcc_linux-64 and export CC=$CC from the activation script.",
                 "Windows (triton-windows): install Visual Studio Build Tools (C++ workload), set CC to the full path of cl.exe and put its folder on PATH, then restart the shell/app.",
                 "Without a compiler: run eager or torch.compile(backend='aot_eager') (no Triton)."),
            derived={"what": "no C compiler (CC unset, no gcc/clang on PATH)"})
    if missing == "libcuda.so":
        return Explanation(
            text="Triton found no libcuda.so.1 through ldconfig -p or LD_LIBRARY_PATH: the NVIDIA driver library is not visible in this environment (container without the GPU runtime, or a driver path outside the linker cache).",
            fix=("Run with the GPU runtime (docker --gpus all / nvidia-container-toolkit) and check nvidia-smi inside the environment.",
                 "If libcuda.so.1 exists somewhere (find / -name 'libcuda.so.1'), export TRITON_LIBCUDA_PATH=<its dir> or run ldconfig <its dir>."),
            derived={"what": "libcuda.so not found by Triton"})
    if missing == "-lcuda":
        return Explanation(
            text="The linker found no libcuda.so to satisfy -lcuda: only the versioned libcuda.so.1 (or a 32-bit copy) is present in the search path.",
            fix=("Point Triton at the driver directory: export TRITON_LIBCUDA_PATH=/usr/lib/x86_64-linux-gnu (where libcuda.so.1 lives), or create libcuda.so -> libcuda.so.1 there and run ldconfig.",),
            derived={"what": "linker cannot find -lcuda"})
    return None
