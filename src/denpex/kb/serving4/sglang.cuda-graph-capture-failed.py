"""Computed diagnosis for sglang.cuda-graph-capture-failed: classify the inner error, compute new limits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(inner: str) -> str:
    s = inner.lower()
    if "out of memory" in s or "outofmemory" in s:
        return "oom"
    if "ninja" in s or "nvcc" in s or "cuda_home" in s or "build failed" in s:
        return "jit-build"
    if "could not run" in s or "no kernel image" in s or "undefined symbol" in s:
        return "kernel-mismatch"
    if "gloo" in s or "nccl" in s or "connection closed" in s or "connection reset" in s:
        return "peer"
    if "dynamo" in s or "torch_compile" in s or "inductor" in s:
        return "torch-compile"
    if "capture" in s or "illegal memory access" in s:
        return "capture"
    return "other"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    inner = facts.get("inner_error")
    inner = inner.strip() if isinstance(inner, str) else ""
    bs = facts.get("cuda_graph_max_bs")
    mf = facts.get("mem_fraction_static")
    kind = _kind(inner) if inner else "unknown"
    fix: list[str] = []
    if kind == "oom":
        text = "Capturing CUDA graphs ran out of GPU memory: the graph pools did not fit beside the KV pool."
        if isinstance(mf, (int, float)) and 0 < mf <= 1:
            fix.append(f"--mem-fraction-static {max(mf - 0.05, 0.3):.2f}   (was {mf:g})")
        else:
            fix.append("--mem-fraction-static lowered by 0.05 (e.g. 0.8 -> 0.75)")
        if isinstance(bs, int) and bs > 1:
            fix.append(f"--cuda-graph-max-bs {max(bs // 4, 8)}   (was {bs})")
        else:
            fix.append("--cuda-graph-max-bs 16-64")
    elif kind == "jit-build":
        text = "A JIT kernel build (FlashInfer/Ninja) failed during capture: the CUDA toolchain is missing or broken."
        fix += ["Install the CUDA toolkit (nvcc) and export CUDA_HOME, or --attention-backend triton."]
    elif kind == "kernel-mismatch":
        text = "A custom kernel op has no usable CUDA implementation: sgl-kernel/flashinfer wheels do not match torch, CUDA or the GPU."
        fix += ["Reinstall the sgl-kernel and flashinfer versions pinned by this sglang release (or use the official image)."]
    elif kind == "peer":
        text = "A communication error during capture: another rank probably failed first; its log holds the cause."
        fix += ["Look at the other ranks' first error; check NCCL/gloo networking and --disable-custom-all-reduce."]
    elif kind == "torch-compile":
        text = "torch.compile failed inside graph capture."
        fix += ["Drop --enable-torch-compile (or lower --torch-compile-max-bs)."]
    elif kind == "capture":
        text = "A kernel did something not allowed during stream capture (host sync, illegal access)."
        fix += ["Report with the traceback; meanwhile --disable-cuda-graph."]
    else:
        text = f"CUDA graph capture failed: {inner}" if inner else "CUDA graph capture failed; the inner error is on the traceback above."
        fix += ["Read the traceback above the message for the original error."]
    fix.append("Last resort: --disable-cuda-graph (correct but slower decode).")
    derived: dict[str, Any] = {"inner_kind": kind}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
