"""Computed diagnosis for linker.library-not-found: which package provides the missing -l library."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CUDA = ("cudart", "cublas", "cublasLt", "cufft", "curand", "cusparse", "cusolver", "nvrtc", "cudnn", "nccl", "nvToolsExt", "nvJitLink")


def _hint(lib: str, apple: bool) -> tuple[str, str]:
    low = lib.lower()
    if low in ("omp", "iomp5"):
        if apple:
            return ("the LLVM OpenMP runtime (Apple clang ships none; Homebrew's libomp is keg-only)",
                    "brew install libomp; export LDFLAGS=\"-L$(brew --prefix libomp)/lib\" CPPFLAGS=\"-I$(brew --prefix libomp)/include\"")
        return ("the LLVM OpenMP runtime (clang's -fopenmp links -lomp)",
                "apt install libomp-dev (or dnf install libomp-devel), or build with gcc: CC=gcc CXX=g++ (uses libgomp)")
    if low == "gomp":
        return ("GCC's OpenMP runtime", "install gcc's libgomp (apt install libgomp1 gcc / brew install gcc and CC=gcc-14)")
    if low.startswith("python"):
        return (f"lib{lib}.so from the Python development package",
                f"apt install {lib.rstrip('dmu')}-dev (or use a conda / python.org Python); extensions on Linux need not link -l{lib} at all")
    if lib == "nvToolsExt":
        return ("the NVTX 2 library, which recent CUDA 12 toolkits no longer ship (NVTX 3 is header-only)",
                "use torch/CUDA versions that do not link it, or point -L at a toolkit that has libnvToolsExt.so (CUDA 11.x), or install nvidia-nvtx-cu12")
    if lib in _CUDA or low.startswith(("cu", "nv")):
        return ("a CUDA toolkit library", "export LIBRARY_PATH=$CUDA_HOME/lib64:$LIBRARY_PATH (toolkit's lib64; conda: $CONDA_PREFIX/lib)")
    if low in ("openblas", "blas", "lapack", "cblas", "lapacke"):
        return ("a BLAS/LAPACK library", "apt install libopenblas-dev liblapack-dev (conda install openblas)")
    if low in ("stdc++", "c++"):
        return ("the C++ standard library for the chosen compiler",
                "install libstdc++-dev for that gcc (or libc++-dev for clang -stdlib=libc++)")
    return (f"lib{lib}", f"install the package providing lib{lib}.so (apt-file search lib{lib}.so / conda install {lib}) or add its directory with -L / LIBRARY_PATH")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "").strip()
    if not lib:
        return None
    sig = str(facts.get("_signature") or "")
    apple = sig.startswith("apple")
    what, fix1 = _hint(lib, apple)
    linker = "Apple ld" if apple else ("lld" if sig.startswith("lld") else "GNU ld")
    text = (f"{linker} found no lib{lib}.{'dylib/.tbd' if apple else 'so'} (nor .a) for -l{lib} in its -L paths, "
            f"LIBRARY_PATH or system directories; -l{lib} is {what}.")
    fix = (fix1,
           f"If lib{lib} is installed elsewhere, add its directory: export LIBRARY_PATH=/path/to/lib:$LIBRARY_PATH "
           f"(or LDFLAGS=-L/path/to/lib), then rebuild.")
    return Explanation(text=text, fix=fix, derived={"linker": linker})
