"""Computed diagnosis for msvc.std-ambiguous-symbol: which header triggered the MSVC bug and the matching workaround."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("source_file") or "")
    header = re.split(r"[\\/]", src)[-1] if src else ""
    line = facts.get("line")
    at = f"{header}({line})" if header and line else (header or "a header")
    derived: dict[str, Any] = {"header": header or None}
    if "compiled_autograd.h" in src:
        text = (f"MSVC cannot resolve 'std' in torch's {at}: torch 2.6+ headers hit an MSVC lookup bug when a .cu file is compiled "
                "through nvcc on Windows, because the extension does not define USE_CUDA (torch's workaround path).")
        fix = ("Add the define on Windows: extra_compile_args={'cxx': [..., '-DUSE_CUDA'], 'nvcc': [..., '-DUSE_CUDA']} "
               "(if sys.platform == 'win32'), then rebuild from clean.",
               "Or build against the previous torch release that built, or another MSVC toolset (vcvars64.bat -vcvars_ver=14.xx).")
        derived["trigger"] = "torch-compiled-autograd"
    elif "pimpl.h" in src or "argument_spec.h" in src:
        text = f"MSVC 2017 cannot resolve 'std' in libtorch's {at} (an old Visual Studio 2017 15.7 lookup bug)."
        fix = ("Update Visual Studio 2017 to 15.9 or use VS 2019/2022; newer libtorch releases also qualify ::std there.",)
        derived["trigger"] = "libtorch-vs2017"
    elif re.search(r"[\\/]MSVC[\\/]", src):
        text = (f"MSVC reports 'std' ambiguous inside its own standard header {at}: the ambiguity comes from code included before it "
                "(the 'note: could be' lines name the second declaration, often a torch/c10 header compiled through nvcc).")
        fix = ("Look at the 'note: could be' / 'note: or' lines to find the other declaration; with torch headers in .cu files try "
               "-DUSE_CUDA in the nvcc and cxx flags, or another MSVC toolset / CUDA version.",)
        derived["trigger"] = "msvc-stl-header"
    else:
        text = f"MSVC found two candidates named 'std' at {at}."
        fix = ("Check the 'note: could be' lines: if both are the standard library, it is the MSVC bug - qualify as ::std in your code "
               "or change toolset; if one is a namespace std nested in your own namespace, rename it.",)
        derived["trigger"] = "other"
    return Explanation(text=text, fix=fix, derived=derived)
