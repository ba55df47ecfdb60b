"""Computed diagnosis for cupy.nvrtc-compilation-failed: read the NVRTC log CuPy attached."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "")
    status = str(facts.get("nvrtc_status") or "NVRTC_ERROR_COMPILATION")
    if not detail and not facts.get("nvrtc_status"):
        return None
    low = detail.lower()
    if "cannot open source file" in low and re.search(r"\.cubin\.cu|\\temp\\|/tmp", low):
        why = "NVRTC cannot open CuPy's temporary source file: the temp/cache path has characters it cannot handle (non-ASCII user name on Windows)"
        fix = ("set TMP=C:\\cupy_tmp & set TEMP=C:\\cupy_tmp & set CUPY_CACHE_DIR=C:\\cupy_cache (ASCII paths), then rerun.",)
    elif "cannot open source file" in low:
        m = re.search(r'cannot open source file "([^"]+)"', detail)
        hdr = m.group(1) if m else "a header"
        why = f"NVRTC cannot find {hdr}: the CUDA toolkit headers are not on its include path"
        fix = ("Install the CUDA toolkit matching the cupy-cudaXXX wheel and set CUDA_PATH to it (check cupy.show_config()).",)
    elif "cupy/core/include" in low or "cupy/_core/include" in low or "carray.cuh" in low:
        why = "compilation fails inside CuPy's own headers: the CuPy wheel and the CUDA/NVRTC version found at run time do not match"
        fix = ("pip uninstall -y cupy cupy-cuda*; pip install the cupy-cudaXXX wheel for this CUDA; rm -rf ~/.cupy/kernel_cache",)
    elif "is undefined" in low or "error:" in low or "expected" in low:
        why = "the kernel source itself does not compile with this NVRTC (project kernel bug or CUDA-version incompatibility)"
        fix = ("Read the first 'error:' in the CompileException log and fix that line of the kernel, or use the CUDA/CuPy versions the project pins.",)
    else:
        why = f"NVRTC returned {status}; the CompileException log that follows names the failing line"
        fix = ("Print the full log: run with CUPY_DUMP_CUDA_SOURCE_ON_ERROR=1 to see the source and the compiler messages.",)
    short = detail[:80] + ("..." if len(detail) > 80 else "")
    return Explanation(text=f"CuPy's run-time CUDA compilation failed ({status}): {why}.", fix=fix,
                       derived={"detail_label": f": {short}" if short else "", "diagnosis": why})
