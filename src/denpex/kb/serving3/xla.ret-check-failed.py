"""Computed diagnosis for xla.ret-check-failed: which XLA component failed (from the source path)
and the workaround that fits the condition or status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

AREAS = (
    ("/spmd/", "the SPMD partitioner (sharding)"),
    ("service/gpu/", "the GPU compiler"),
    ("backends/gpu/", "the GPU compiler"),
    ("service/cpu/", "the CPU compiler"),
    ("backends/cpu/", "the CPU compiler"),
    ("pjrt/", "the PJRT runtime"),
    ("stream_executor/", "StreamExecutor (device runtime)"),
    ("hlo/ir/", "HLO IR (a graph rewrite)"),
    ("hlo/transforms/", "an HLO optimisation pass"),
    ("hlo/pass", "an HLO optimisation pass"),
    ("service/", "the XLA compiler service"),
)


def _area(path: str) -> str:
    for key, name in AREAS:
        if key in path:
            return name
    return "XLA"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("source_file") or "")
    check = str(facts.get("check") or "").strip()
    status = str(facts.get("status") or "")
    detail = str(facts.get("detail") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if path:
        area = _area(path)
        fname = path.rsplit("/", 1)[-1]
        derived["source_area"] = area
        derived["what"] = f"RET_CHECK in {fname}:{facts.get('source_line')}"
        parts.append(f"An internal invariant of {area} failed ({fname}:{facts.get('source_line')}: {check[:160]}). This is a compiler bug or an unsupported case reached by your program, not bad data.")
        if "org_tensorflow" in path or path.startswith("tensorflow/compiler"):
            parts.append("The path is from an old XLA (inside TensorFlow's tree): the jaxlib/TF release is old; upgrading is the first thing to try.")
        low = check.lower()
        if "sharding" in low:
            fix.append("Give every side-effecting op (RNG, infeed, custom calls) an explicit sharding, or compute it outside the sharded jit (e.g. generate random keys before pjit/shard_map).")
        if "compatible" in low or "c128" in low or "c64" in low or "complex" in low:
            fix.append("Make dtypes consistent: cast complex/real (and float32/float64) explicitly so no op mixes them.")
        if "layout" in low or "handlefft" in low or fname == "ir_emitter.cc":
            fix.append("A layout the backend emitter does not expect: make the operand contiguous/transposed differently (e.g. jnp.asarray(x.copy()), move the axis) before the failing op, or try another backend (JAX_PLATFORMS=cpu/gpu).")
        if area == "the GPU compiler":
            fix.append("Try disabling GPU optimisations that reach this pass: XLA_FLAGS='--xla_gpu_enable_triton_gemm=false --xla_gpu_autotune_level=0'.")
        fix.append("Upgrade jax and jaxlib together (pip install -U \"jax[cuda12]\" / \"jax[tpu]\"), or TF / torch_xla; if it persists, report it to openxla/xla with XLA_FLAGS=--xla_dump_to=/tmp/xla_dump output.")
    elif status:
        derived["source_area"] = "C++ code (fatal TF_CHECK_OK)"
        short = detail if len(detail) <= 100 else detail[:100].rsplit(" ", 1)[0] + " ..."
        derived["what"] = f"{status}: {short}"
        parts.append(f"C++ code that cannot return an error aborted on status {status}: {detail[:200]}")
        up = status.upper()
        if "ptxas exited with non-zero error code" in detail:
            fix.append("ptxas failed while XLA compiled a GPU kernel (code 139 = ptxas itself crashed): use another ptxas (pip install -U nvidia-cuda-nvcc-cu12, or point XLA_FLAGS=--xla_gpu_cuda_data_dir at a newer CUDA), or avoid the failing Triton GEMM fusion with XLA_FLAGS='--xla_gpu_enable_triton_gemm=false' / '--xla_gpu_autotune_level=0'.")
        elif "X64" in detail:
            fix.append("Avoid 64-bit types on TPU: cast to int32/float32 before the op (PyTorch/XLA: tensor.to(torch.int32); JAX: keep jax_enable_x64 off).")
        elif up == "UNIMPLEMENTED":
            fix.append("The backend cannot compile this op/dtype: change the op or dtype, or run that part on CPU.")
        elif up == "RESOURCE_EXHAUSTED":
            fix.append("Out of device memory: reduce batch size/model size or enable rematerialisation/sharding.")
        else:
            fix.append("Act on the status message; upgrade the framework (jaxlib/TF/torch_xla) if it names an internal runtime failure.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
