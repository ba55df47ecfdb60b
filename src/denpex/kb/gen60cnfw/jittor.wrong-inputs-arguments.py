"""Computed diagnosis for jittor.wrong-inputs-arguments: turn the 'Failed reason' / nvcc line into the actual cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = str(facts.get("jt_func") or "")
    reason = str(facts.get("reason") or "")
    nvcc = str(facts.get("nvcc_error") or "")
    if not func and not reason and not nvcc:
        return None
    derived: dict[str, Any] = {}
    fix: list[str] = []
    low = reason.lower()
    if nvcc:
        m = re.search(r"Unknown option '([^']+)'", nvcc)
        derived["cause"] = "nvcc"
        if m and "lambda" in m.group(1):
            derived["what"] = f"nvcc rejected {m.group(1)} (CUDA toolkit older than 11)"
            fix.append("Use CUDA 11+ for this project: let Jittor install its own CUDA (python -m jittor_utils.install_cuda) or set nvcc_path to a CUDA 11+ nvcc; then rm -rf ~/.cache/jittor.")
        else:
            derived["what"] = f"nvcc failed: {nvcc.strip()}"
            fix.append("Fix the nvcc error printed before the traceback (toolkit version, nvcc_path), clear ~/.cache/jittor and rerun.")
    elif "cuda error" in low or "cudaerror" in low:
        derived["cause"] = "cuda"
        code = re.search(r"(cudaError\w+)", reason)
        host = "host_allocator" in low
        name = code.group(1) if code else "a CUDA error"
        derived["what"] = f"{name}" + (" in Jittor's pinned host-memory allocator" if host else "")
        if host or (code and "Memory" in code.group(1)):
            fix.append("Allocate less at once (load the dataset in chunks, smaller images/batch), and on WSL raise the memory limit in .wslconfig.")
        fix.append("Rerun with JT_SYNC=1 to see which operator failed.")
    elif "compil" in low or "run cmd failed" in low:
        derived["cause"] = "compile"
        derived["what"] = "JIT compilation of an operator failed"
        fix.append("Read the compiler output above; run python -m jittor.test.test_example to check the toolchain, then rm -rf ~/.cache/jittor.")
    else:
        derived["cause"] = "other"
        derived["what"] = ("C++ error: " + reason.strip()) if reason else "the C++ call raised (Failed reason not in the log)"
    text = (f"{func or 'A Jittor binding'} raised Jittor's generic 'Wrong inputs arguments' wrapper; the inputs listed are not the problem. "
            f"The underlying failure: {derived['what']}.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
