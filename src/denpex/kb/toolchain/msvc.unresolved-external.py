"""Computed diagnosis for msvc.unresolved-external: which import library or mismatch the symbol points to."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sym = str(facts.get("symbol") or "").strip().strip('"')
    count = facts.get("count")
    if not sym:
        if count:
            return Explanation(text=f"link.exe could not resolve {count} external symbol(s); the LNK2019/LNK2001 lines above name them.",
                               fix=("Read the first unresolved symbol above: its name shows the missing library or mismatch.",),
                               derived={"symbol_kind": "unknown"})
        return None
    core = sym[6:] if sym.startswith("__imp_") else sym
    if re.match(r"_?Py[A-Z_]", core):
        kind = "python"
        text = f"{sym} is a Python C-API symbol: no matching python3X.lib (same version and bitness as the objects) was linked."
        fix = ("Build with the target interpreter from an x64 Native Tools prompt: python -m pip install . (setuptools adds libs\\python3X.lib); "
               "do not mix a 32-bit (HostX86\\x86) toolchain with 64-bit Python.",)
    elif re.match(r"TH[A-Z]|THC", core):
        kind = "legacy-th"
        text = f"{sym} belongs to the legacy TH/THC C API, which current torch no longer exports."
        fix = ("Port the extension to torch.utils.cpp_extension and ATen (at::Tensor operations) - the TH functions do not exist in torch >= 1.0 builds.",)
    elif re.search(r"(?:c10::|at::|torch::|caffe2::)|@(?:c10|at|torch|caffe2)@@", sym + str(facts.get("mangled") or "")):
        kind = "libtorch"
        if re.search(r"<long>|\blong\b", sym) and "__int64" not in sym:
            text = f"{sym} uses 'long', which is 32-bit on Windows; libtorch exports the int64_t (__int64) version only."
            fix = ("Replace long with int64_t (data_ptr<int64_t>(), accessor<int64_t, N>) in the extension source.",)
        else:
            text = (f"{sym} is a libtorch symbol not found in the linked torch libraries: a torch import library is missing, or headers and "
                    "libraries come from different torch versions or configurations (Debug vs Release).")
            fix = ("Link all torch libraries (find_package(Torch) + ${TORCH_LIBRARIES}; CUDA code also needs c10_cuda.lib and torch_cuda.lib) "
                   "from the same libtorch as the headers, and build the configuration libtorch was built for.",)
    elif re.match(r"(?:__cuda|cuda[A-Z]|cu[A-Z])", core):
        kind = "cuda"
        text = f"{sym} is a CUDA runtime/driver symbol: cudart.lib (or cuda.lib for cu* driver calls) is not on the link."
        fix = ("Add cudart.lib (CMake CUDA::cudart) with /LIBPATH:%CUDA_PATH%\\lib\\x64, from the same toolkit version nvcc compiled with.",)
    else:
        kind = "generic"
        text = f"No library given to link.exe exports {sym}."
        fix = ("Find the .lib that exports it (dumpbin /linkermember:1 X.lib | findstr NAME) and add it; check that its version, "
               "bitness and Debug/Release configuration match the objects.",)
    if count:
        text += f" ({count} unresolved in total.)"
    return Explanation(text=text, fix=fix, derived={"symbol_kind": kind})
