"""Computed diagnosis for triton.passmanager-run-failed: which stage and backend failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STAGES = {
    "make_ttir": "Triton IR (front-end optimisation)",
    "make_ttgir": "TritonGPU IR (layouts, pipelining for the target GPU)",
    "make_llir": "LLVM IR lowering",
    "make_ptx": "PTX generation",
    "make_amdgcn": "AMDGCN generation",
    "make_spv": "SPIR-V generation",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    stage = str(facts.get("stage") or "")
    backend = str(facts.get("backend") or "")
    parts = []
    if stage:
        parts.append(f"The failing stage is {stage}: {_STAGES.get(stage, 'a backend lowering stage')}.")
    if backend == "intel":
        parts.append("The kernel was compiled by intel-xpu-backend-for-triton: check that it matches the torch XPU build.")
    elif backend == "amd":
        parts.append("The AMD backend failed: check that triton matches the ROCm torch build and the GPU is a supported gfx target.")
    elif backend == "nvidia":
        parts.append("On RTX 50-series (sm_120) Triton 3.3+ is required; otherwise match triton to the torch release.")
    if not parts:
        parts.append("Print torch, triton and the GPU capability; an unsupported GPU for this Triton or a torch/triton mismatch is the usual cause.")
    suffix = f" in {stage}" if stage else ""
    return Explanation(text=" ".join(parts),
                       fix=("pip install -U torch  # brings its matching triton",
                            "rm -rf ~/.triton/cache  # after changing versions"),
                       derived={"stage_suffix": suffix, "diagnosis": f"MLIR pass failure{suffix}"})
