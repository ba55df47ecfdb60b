"""Computed diagnosis for torch.cpp-extension-compile-failed: classify the compiler error found above the stop line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RULES: tuple[tuple[str, str, str], ...] = (
    (r"unsupported (?:GNU|clang|Microsoft Visual Studio) version", "host compiler outside the CUDA toolkit's supported range",
     "Install a gcc/MSVC the toolkit supports and select it (CC/CXX, NVCC_CCBIN), or use a newer CUDA toolkit (see build.unsupported-host-compiler)."),
    (r"THC/THC\.h|THC\w*\.h|AT_CHECK|THCState|THCudaCheck", "extension written for the pre-1.11 torch API (THC / AT_CHECK removed)",
     "Use a fork/release of the extension ported to current torch, or build against the torch version it was written for (see torch.extension-legacy-api)."),
    (r"(?:cuda|cublas|cusparse|cusolver|curand|nvrtc|cudnn)\w*\.h", "CUDA toolkit headers not found",
     "Install the CUDA toolkit headers matching torch.version.cuda and export CUDA_HOME (see build.cuda-headers-missing)."),
    (r"Python\.h", "Python development headers missing",
     "Install python3.X-dev (apt) / use a conda or python.org Python that ships headers."),
    (r"C\+\+1[47] or later compatible compiler is required", "C++ standard flag older than torch requires",
     "Compile with -std=c++17 (cxx and nvcc flags) and remove hard-coded -std=c++14 (see torch.extension-cxx17-required)."),
    (r"[Uu]nsupported gpu architecture|is not defined for option 'gpu-architecture'", "GPU architecture unknown to this nvcc",
     "Set TORCH_CUDA_ARCH_LIST to architectures this toolkit supports or upgrade the toolkit (see build.unsupported-gpu-arch)."),
    (r"No such file or directory", "missing header or file",
     "Install the library's development package that provides the missing file, or fix the include path."),
    (r"is undefined|has no member|was not declared|no matching function|cannot convert", "source incompatible with this torch/CUDA version",
     "Build the extension version that supports your torch (check its README / release notes), or pin torch to the version the code targets."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("compile_error") or "")
    killed = str(facts.get("killed") or "")
    obj = str(facts.get("failed_object") or "")
    derived: dict[str, Any] = {}
    if obj:
        derived["failed_object"] = obj.rsplit("/", 1)[-1]
    if killed:
        derived["cause"] = "compiler killed (out of memory)"
        text = f"{killed}: a compiler process was killed by the OOM killer - too many parallel compile jobs for this machine's RAM."
        return Explanation(text=text, fix=("Rebuild with fewer jobs: MAX_JOBS=2 pip install -v --no-build-isolation <pkg> (or add swap).",
                                           "Or install a prebuilt wheel matching your torch/CUDA."), derived=derived)
    if not err:
        derived["cause"] = "see the first compiler error above"
        return Explanation(text="No compiler error line was found near the failure; the log was probably truncated by pip.",
                           fix=("Rerun with MAX_JOBS=1 pip install -v --no-build-isolation <pkg> and read the first 'error:' after 'FAILED:'.",),
                           derived=derived)
    for pat, cause, fix in _RULES:
        if re.search(pat, err):
            derived["cause"] = cause
            text = f"The first compiler error before the stop is: {err.strip()} - {cause}."
            return Explanation(text=text, fix=(fix,), derived=derived)
    derived["cause"] = err.strip()[:160]
    return Explanation(text=f"The compiler failed with: {err.strip()}", fix=("Fix this compiler error; rerun with MAX_JOBS=1 and -v to confirm it is the first one.",), derived=derived)
