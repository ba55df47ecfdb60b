"""Computed diagnosis for onnxruntime.cuda-provider-failed: which library is missing and which build to install."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    err = str(facts.get("load_error") or "")
    if facts.get("available") is not None and facts.get("provider"):
        avail = str(facts["available"])
        derived["what"] = f"{facts['provider']}ExecutionProvider is not in this onnxruntime build (available: {avail})"
        parts.append(f"The installed onnxruntime only has {avail}: it is the CPU package (or the CPU package shadows onnxruntime-gpu), so no GPU provider exists at all.")
        fix.append("pip uninstall -y onnxruntime onnxruntime-gpu && pip install onnxruntime-gpu (only one of the two may be installed).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    m = re.match(r"\s*([A-Za-z0-9_.+-]+?\.(?:so(?:\.\d+)*|dll))", err)
    if m:
        lib = m.group(1)
        derived["missing_library"] = lib
        stem = lib.split(".so")[0].replace("lib", "", 1) if ".so" in lib else lib
        ver = re.search(r"\.so\.(\d+)", lib)
        major = ver.group(1) if ver else None
        derived["what"] = f"{lib} not loadable"
        parts.append(f"The GPU provider library needs {lib}, which the loader could not find; ONNX Runtime then drops to the CPU provider.")
        if major and stem.startswith(("cublas", "cudart", "cufft", "curand")):
            derived["provider_cuda_major"] = int(major)
            parts.append(f"The '.so.{major}' suffix means this onnxruntime-gpu was built for CUDA {major}.x.")
            fix.append(f"If your CUDA/torch is another major version, install the onnxruntime-gpu build for it (CUDA 12: pip install -U onnxruntime-gpu >= 1.19; CUDA 11.8: the CUDA 11 package feed); otherwise install CUDA {major} libraries (pip install nvidia-cublas-cu{major} nvidia-cuda-runtime-cu{major}).")
        elif major and stem.startswith("cudnn"):
            derived["provider_cudnn_major"] = int(major)
            parts.append(f"This onnxruntime-gpu needs cuDNN {major} (ORT >= 1.19 uses cuDNN 9; 1.17-1.18 CUDA 12 builds use cuDNN 8.9).")
            fix.append(f"pip install nvidia-cudnn-cu12 (cuDNN {major}.x) or the system cuDNN {major} package, or pick the onnxruntime-gpu release built for the cuDNN you have.")
        else:
            fix.append(f"Install the package that provides {lib} for the CUDA version this onnxruntime-gpu was built for.")
        fix.append("Make pip-installed CUDA libraries visible: import torch before onnxruntime, call onnxruntime.preload_dlls() (ORT >= 1.21), or add site-packages/nvidia/*/lib to LD_LIBRARY_PATH.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("win_error") is not None:
        code = facts["win_error"]
        lib = facts.get("provider_lib") or "the provider bridge library onnxruntime_providers_shared.dll"
        derived["what"] = f"Windows LoadLibrary error {code} for {lib}"
        parts.append(f"Windows could not load {lib} (error {code}" + (": a DLL it depends on - cudart64_*, cublasLt64_*, cudnn64_* - was not found on PATH)." if code == 126 else ")."))
        fix.append("Install the CUDA and cuDNN major versions this onnxruntime-gpu needs and add their bin folders to PATH (or import torch first so its bundled DLLs are loaded; onnxruntime.preload_dlls() on ORT >= 1.21).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if err:
        derived["what"] = err[:120]
        parts.append(f"The GPU provider library failed to load: {err.strip()}.")
        fix.append("Check ldd on the provider library (libonnxruntime_providers_cuda.so) for 'not found' entries and install the matching CUDA/cuDNN.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("_signature") == "ep-error-fallback":
        ep = str(facts.get("ep_error") or "").strip()
        req = str(facts.get("requested") or "").strip()
        derived["what"] = "the session fell back to CPUExecutionProvider" + (f" after: {ep[:100]}" if ep else "")
        parts.append("Creating the session with " + (f"[{req}]" if req else "the requested providers") +
                     " raised, so onnxruntime retried with CPUExecutionProvider only: the run goes on, on the CPU.")
        if "severity level" in ep.lower():
            derived["cause"] = "invalid-session-option"
            parts.append("The error is in the session options, not in CUDA: log_severity_level must be 0-4 "
                         "(VERBOSE..FATAL); the value given is out of range.")
            fix.append("Set SessionOptions.log_severity_level (and log_verbosity_level) to a value in 0..4, e.g. so.log_severity_level = 3.")
        elif re.search(r"lib\w+\.so|\.dll|cudnn|cublas|CUDA", ep):
            derived["cause"] = "cuda-libraries"
            parts.append("The error names a CUDA/cuDNN library or the CUDA runtime: the GPU provider could not be loaded.")
            fix.append("Install the CUDA/cuDNN versions this onnxruntime-gpu needs (onnxruntime.ai CUDA EP requirements table) and make them loadable (import torch first, or onnxruntime.preload_dlls() on ORT >= 1.21).")
        else:
            fix.append("Read the 'EP Error' line: it is the exception the first session creation raised; fix that and the GPU provider is used.")
        fix.append("Check after the fix: sess.get_providers()[0] == 'CUDAExecutionProvider'.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("_signature") == "init-provider-bridge-failed":
        derived["what"] = "provider bridge (onnxruntime_providers_shared) not loaded; CPU provider unaffected"
        parts.append("ONNX Runtime could not load its provider bridge library (onnxruntime_providers_shared) at import. "
                     "Sessions on CPUExecutionProvider are unaffected, so if the program produced its output this line is only noise; "
                     "it matters only when a GPU provider was requested, and then the provider's own 'Failed to load library' / "
                     "'Failed to create CUDAExecutionProvider' lines say why.")
        fix.append("CPU-only use: nothing to fix (installing the CPU 'onnxruntime' package instead of 'onnxruntime-gpu' silences it).")
        fix.append("GPU use: check onnxruntime.get_available_providers() and the CUDA/cuDNN versions this onnxruntime-gpu needs.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    prov = facts.get("provider")
    derived["what"] = f"{prov or 'CUDA'}ExecutionProvider could not be created (session falls back to the CPU)"
    parts.append("The GPU provider could not be created; the loader error just above names the missing CUDA/cuDNN library (on Windows: CUDA_PATH set but the CUDA/cuDNN DLLs are not on PATH or of another version).")
    fix.append("Compare onnxruntime-gpu's CUDA/cuDNN requirements (onnxruntime.ai CUDA EP requirements table) with what is installed; install matching versions and make them loadable.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
