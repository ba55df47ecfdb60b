"""Computed diagnosis for deepspeed.op-build-failed: which op, which toolkit, what to install."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OP_NOTES = {
    "fused_adam": ("FusedAdam (GPU)", 'or avoid it: "optimizer": {"type": "AdamW", "params": {"torch_adam": true}}'),
    "cpu_adam": ("DeepSpeedCPUAdam (ZeRO-Offload of the optimizer)", "needs nvcc and a host C++ compiler; pre-build with DS_BUILD_CPU_ADAM=1"),
    "fused_lamb": ("FusedLamb", "pre-build with DS_BUILD_FUSED_LAMB=1"),
    "async_io": ("async_io (NVMe offload)", "needs libaio: apt-get install libaio-dev; only required for NVMe offload"),
    "evoformer_attn": ("DS4Sci EvoformerAttention", "needs CUTLASS: set CUTLASS_PATH to a CUTLASS checkout/prefix"),
    "transformer_inference": ("DeepSpeed inference kernels", "pre-build with DS_BUILD_TRANSFORMER_INFERENCE=1 or disable kernel injection"),
    "utils": ("flatten/unflatten utils", "pre-build with DS_BUILD_UTILS=1"),
    "fused_adam_frontend": ("FusedAdam (GPU)", ""),
}


def _major(v: Any) -> str | None:
    if v is None:
        return None
    return str(v).split(".")[0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    sys_cuda = facts.get("system_cuda")
    torch_cuda = facts.get("torch_cuda")
    reason = facts.get("reason")
    ds = facts.get("deepspeed")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if sys_cuda and torch_cuda:
        derived["cuda_major_mismatch"] = _major(sys_cuda) != _major(torch_cuda)
        parts.append(
            f"nvcc is CUDA {sys_cuda} but torch was built with CUDA {torch_cuda}; DeepSpeed refuses to compile across major versions."
        )
        fix.append(
            f"Install CUDA toolkit {torch_cuda} (e.g. conda install -c nvidia cuda-toolkit={torch_cuda}) and export CUDA_HOME to it, "
            f"or install a torch wheel built for CUDA {sys_cuda}."
        )
    if op:
        name, note = _OP_NOTES.get(str(op), (str(op), ""))
        parts.append(f"The op that failed is '{op}' ({name}).")
        if reason == "ninja not being installed":
            fix.append("pip install ninja and make sure its bin directory is on PATH.")
        fix.append(f"Remove the stale build and retry: rm -rf ~/.cache/torch_extensions/*/{op}")
        fix.append(f"Pre-compile it instead of JIT: DS_BUILD_{str(op).upper()}=1 pip install deepspeed --no-build-isolation --no-cache-dir")
        if note:
            fix.append(note[0].upper() + note[1:] + ".")
    if ds:
        parts.append(f"DeepSpeed version {ds}.")
        derived["deepspeed_version"] = ds
    if not parts:
        return None
    parts.append("The compiler's own error (first 'error:' line from nvcc/c++) is printed above the traceback in the ninja output.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
