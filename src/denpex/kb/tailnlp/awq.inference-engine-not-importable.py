"""Computed diagnosis for awq.inference-engine-not-importable: not built vs built for another torch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "module-not-found":
        return Explanation(
            text="awq_inference_engine is not installed in this environment: llm-awq's kernels are built from awq/kernels, not installed by pip install -e .",
            fix=("cd llm-awq/awq/kernels && python setup.py install", "python -c 'import awq_inference_engine'"),
            derived={"problem": "kernels not built"},
        )
    if sig == "undefined-symbol":
        sym = str(facts.get("symbol") or "")
        torch_sym = sym.startswith("_ZN2at") or sym.startswith("_ZN3c10") or "torch" in sym
        text = "awq_inference_engine was compiled against another torch than the one installed"
        text += f" (missing {'torch/ATen ' if torch_sym else ''}symbol {sym[:60]})." if sym else "."
        return Explanation(
            text=text,
            fix=("Rebuild the extension in this env (llm-awq: cd awq/kernels && python setup.py install), or reinstall the AWQ package built for your torch version.",),
            derived={"problem": "built for another torch"},
        )
    if sig == "dll-load-failed":
        return Explanation(
            text="Windows could not load the awq_inference_engine DLL: the wheel targets another torch/CUDA, or CUDA runtime DLLs are missing.",
            fix=("Install an AWQ release built for your torch on Windows, or run under WSL2/Linux with a matching build.",),
            derived={"problem": "DLL load failed on Windows"},
        )
    return None
