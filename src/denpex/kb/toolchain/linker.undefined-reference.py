"""Computed diagnosis for linker.undefined-reference: what the missing symbol's name says about the cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _classify(sym: str) -> tuple[str, str, tuple[str, ...]]:
    s = sym.lstrip("_") if sym.startswith("_") and not sym.startswith("__") else sym
    if "__cxx11" in sym or "abi:cxx11" in sym:
        return ("cxx11-abi",
                "the name carries std::__cxx11 - your objects and the library disagree on libstdc++'s dual ABI (_GLIBCXX_USE_CXX11_ABI)",
                ("Compile your code with the library's setting: -D_GLIBCXX_USE_CXX11_ABI=0 or =1 (for torch: "
                 "python -c 'import torch; print(int(torch._C._GLIBCXX_USE_CXX11_ABI))'), or get a library build with your ABI.",))
    if sym.startswith("__cudaRegisterLinkedBinary"):
        return ("cuda-device-link", "CUDA separable-compilation (-rdc=true) objects were linked without the device-link step",
                ("Link with nvcc, or set CUDA_SEPARABLE_COMPILATION ON together with CUDA_RESOLVE_DEVICE_SYMBOLS ON in CMake.",))
    if re.match(r"(?:cuda[A-Z]|__cuda)", s):
        return ("cudart", "it is a CUDA runtime API function, defined in libcudart",
                ("Add -L$CUDA_HOME/lib64 -lcudart after your objects (CMake: target_link_libraries(t CUDA::cudart)).",))
    if re.match(r"cu[A-Z]", s):
        return ("cuda-driver", "it is a CUDA driver API function, defined in libcuda (driver)",
                ("Add -lcuda (with -L$CUDA_HOME/lib64/stubs when building without a driver) (CMake: CUDA::cuda_driver).",))
    if re.match(r"(?:cublas|cufft|curand|cusparse|cusolver|nvrtc|cudnn|nccl)", s):
        lib = re.match(r"(cublasLt|cublas|cufft|curand|cusparse|cusolver|nvrtc|cudnn|nccl)", s)
        name = lib.group(1) if lib else "the CUDA library"
        return ("cuda-lib", f"it is a {name} function", (f"Add -l{name} (from $CUDA_HOME/lib64) to the link line after your objects.",))
    if re.match(r"_?Py[A-Z_]", s):
        return ("libpython", "it is a Python C-API symbol, provided by libpython or by the running interpreter",
                ("Executable embedding Python: link $(python3-config --ldflags --embed). Extension module: do not use "
                 "-Wl,--no-undefined / -Wl,-z,defs; on macOS link with -undefined dynamic_lookup (CMake: Python3::Module / pybind11_add_module).",))
    if re.match(r"(?:omp_|GOMP_|__kmpc_|kmp_)", s):
        return ("openmp", "it is an OpenMP runtime symbol", ("Pass -fopenmp to the link command as well as to compilation (CMake: OpenMP::OpenMP_CXX).",))
    if re.match(r"(?:c10::|at::|torch::|caffe2::)", sym):
        return ("libtorch", "it is a libtorch symbol",
                ("Link the torch libraries (find_package(Torch); target_link_libraries(t ${TORCH_LIBRARIES})) and compile with "
                 "${TORCH_CXX_FLAGS}; a mismatch between libtorch headers and libraries of different versions gives the same error.",))
    if re.match(r"(?:dlopen|dlsym|dlclose|dlerror)", s):
        return ("libdl", "it is a dynamic-loading function (libdl on glibc < 2.34)", ("Add -ldl after your objects.",))
    if re.match(r"pthread_", s):
        return ("pthread", "it is a POSIX threads function", ("Compile and link with -pthread.",))
    if re.match(r"(?:shm_open|shm_unlink|clock_gettime|timer_create)", s):
        return ("librt", "it is a librt function (glibc < 2.17 / < 2.34)", ("Add -lrt after your objects.",))
    if "std::filesystem" in sym or "std::experimental::filesystem" in sym:
        return ("stdc++fs", "std::filesystem needs libstdc++fs with GCC 8", ("Add -lstdc++fs (GCC 8) or build with GCC 9+.",))
    if s == "main":
        return ("no-main", "the program has no main(): a library or test file was linked as an executable",
                ("Link it as a shared library (-shared) or add the source file that defines main.",))
    return ("generic", "no input on the link line defines it",
            ("Find which library defines it (nm -DC --defined-only lib*.so | grep NAME) and add that library after your objects; "
             "check extern \"C\" for C functions used from C++, and the library's version against its headers.",))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sym = str(facts.get("symbol") or "").strip()
    if not sym:
        return None
    kind, why, fix = _classify(sym)
    arch = facts.get("arch")
    loc = str(facts.get("location") or "")
    where = f" (used in {loc})" if loc else ""
    text = f"The linker found no definition of {sym}{where}{f' for {arch}' if arch else ''}: {why}."
    return Explanation(text=text, fix=fix, derived={"symbol_kind": kind})
