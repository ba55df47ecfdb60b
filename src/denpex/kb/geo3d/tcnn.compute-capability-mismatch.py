"""Computed diagnosis for tcnn.compute-capability-mismatch: the architecture to build for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MIN_CUDA = {89: "11.8", 90: "11.8", 100: "12.8", 120: "12.8", 87: "11.4", 86: "11.1", 80: "11.0"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "cmake-empty-arch-list":
        return Explanation(
            text=("tiny-cuda-nn's CMake configure found no GPU architecture to target (the 'Targeting GPU architectures:' line "
                  "is empty): no GPU was detected at configure time and TCNN_CUDA_ARCHITECTURES was not set, so list(GET) "
                  "on the empty architecture list aborts the configure."),
            fix=("set the target explicitly and reconfigure from a clean build folder: TCNN_CUDA_ARCHITECTURES=86 cmake . -B build "
                 "(Windows: set TCNN_CUDA_ARCHITECTURES=86), using your GPU's compute capability",
                 "check nvidia-smi works in this shell and that the CUDA toolkit is new enough for the GPU"),
            derived={"problem": "no GPU architecture detected at CMake configure and TCNN_CUDA_ARCHITECTURES unset"},
        )
    if sig == "build-unknown-cc":
        return Explanation(
            text=("The tiny-cuda-nn build found no CUDA GPU through torch (CPU-only torch, docker build, or a login node) "
                  "and TCNN_CUDA_ARCHITECTURES was not set, so it does not know which architectures to compile."),
            fix=("Set the targets explicitly: TCNN_CUDA_ARCHITECTURES=\"80;86;89\" pip install --no-build-isolation "
                 "git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch",
                 "check python -c 'import torch; print(torch.version.cuda)' is not None (install a CUDA build of torch first)"),
            derived={"problem": "no GPU visible at build time and TCNN_CUDA_ARCHITECTURES unset"},
        )
    try:
        cc = int(facts.get("compute_capability"))
    except (TypeError, ValueError):
        return None
    need = _MIN_CUDA.get(cc)
    fix = [f"pip uninstall -y tinycudann; rm -rf <site-packages>/tinycudann*; TCNN_CUDA_ARCHITECTURES=\"{cc}\" "
           "pip install --no-cache-dir --no-build-isolation git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch",
           f"shared env/cluster: list every GPU type, e.g. TCNN_CUDA_ARCHITECTURES=\"{cc};86;80\""]
    if need:
        fix.append(f"compute capability {cc} needs CUDA >= {need} for nvcc (and a torch built with it)")
    return Explanation(
        text=(f"This GPU has compute capability {cc} (sm_{cc}) but the installed tinycudann has no extension built for it: "
              "it was compiled on/for a different GPU."),
        fix=tuple(fix),
        derived={"problem": f"no tinycudann build for sm_{cc}"},
    )
