"""Computed diagnosis for lmdeploy.turbomind-import-failed: which of the three import failures this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    reason = facts.get("reason")
    reason = reason.strip() if isinstance(reason, str) else ""
    if sig == "no-module":
        text = (
            "No compiled _turbomind is on the import path: an uncompiled source checkout (or the repository root "
            "as the current directory) is being imported instead of the lmdeploy wheel."
        )
        fix = (
            "cd to a directory outside the lmdeploy source tree and rerun",
            "pip install -U lmdeploy   (CUDA 11: the +cu118 wheel from the GitHub release)",
            "or run with --backend pytorch, which does not need _turbomind",
        )
        return Explanation(text=text, fix=fix, derived={"kind": "missing-extension"})
    if sig in ("dll-load-failed", "dll-load-failed-en"):
        text = (
            "Windows could not load a DLL that _turbomind depends on"
            + (f" ({reason})" if reason else "")
            + ": the CUDA runtime of the toolkit the wheel was built with is missing or of another major version."
        )
        fix = (
            "install the CUDA toolkit matching the wheel (cu12 by default since 0.4.0) and check echo %CUDA_PATH%",
            "pip install -U lmdeploy  (>= 0.4.1 adds the CUDA DLL path correctly)",
            "or use --backend pytorch",
        )
        return Explanation(text=text, fix=fix, derived={"kind": "windows-dll"})
    if sig == "so-symbol" and reason:
        text = f"_turbomind was found but its shared libraries do not fit: {reason}."
        fix = (
            "put the CUDA runtime the wheel needs first: check ldd $(python -c \"import lmdeploy,os;print(os.path.dirname(lmdeploy.__file__))\")/lib/_turbomind*.so",
            "remove old CUDA / NCCL folders from LD_LIBRARY_PATH or install the wheel built for your CUDA major",
        )
        return Explanation(text=text, fix=fix, derived={"kind": "shared-library"})
    return None
