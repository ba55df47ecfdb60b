"""Computed diagnosis for llamacpp.cuda-alloc-failed: which buffer failed, how big, and which option shrinks it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

_GIB = 1024**3


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mib = facts.get("alloc_mib")
    nbytes = facts.get("alloc_bytes")
    size = float(mib) * 1024 * 1024 if isinstance(mib, (int, float)) else (float(nbytes) if isinstance(nbytes, (int, float)) else None)
    func = str(facts.get("phase_function") or facts.get("alloc_function") or "")
    buffer = str(facts.get("buffer") or "")
    dev = facts.get("device")
    if not buffer and isinstance(dev, int):
        buffer = f"CUDA{dev}"
    if str(facts.get("_signature") or "") == "ggml-cuda-error-oom":
        where = buffer or "the GPU"
        return Explanation(
            text=(
                f"The CUDA driver refused a GGML allocation on {where} while the model was running (in {func or 'a CUDA call'}, "
                "not while loading): the memory pool grows with the prompt being processed, so a long prompt or a large batch "
                "needs more compute/KV space than what the offloaded weights leave free."
            ),
            fix=(
                "Reduce the context and batch for this request: a smaller num_ctx (Ollama) / -c, and -b / -ub (e.g. 512).",
                "Offload fewer layers (num_gpu in Ollama, -ngl in llama.cpp) to leave room for the compute buffers, or enable flash attention with a q8_0 KV cache.",
                "Check nvidia-smi for other processes on that GPU while the request runs.",
            ),
            derived={"phase": "runtime allocation", "buffer": where, "alloc": "a pool block"},
        )
    if facts.get("kv_cache"):
        phase = "KV cache"
    elif func.startswith("ggml_gallocr") or "compute" in func:
        phase = "compute buffers"
    elif func == "alloc_tensor_range" or func == "ggml_backend_alloc_ctx_tensors_from_buft" or facts.get("buffer") and not func:
        phase = "model weights"
    elif "host" in func:
        phase = "pinned host buffer"
    else:
        phase = "a device buffer"
    derived: dict[str, Any] = {"phase": phase, "alloc": fmt_bytes(size) if size else "a buffer", "buffer": buffer or "the GPU"}
    parts: list[str] = []
    fix: list[str] = []
    where = buffer or "the GPU"
    if size:
        parts.append(f"GGML asked for one {fmt_bytes(size)} buffer on {where} for the {phase} and the driver refused it ({facts.get('cuda_error') or 'out of memory'}).")
    else:
        parts.append(f"GGML could not allocate the {phase} on {where}.")
    if phase == "model weights":
        fix.append("Offload fewer layers: lower -ngl / --n-gpu-layers (n_gpu_layers in llama-cpp-python, num_gpu in Ollama); the rest runs from CPU RAM.")
        fix.append("Or split over more GPUs with --tensor-split, or use a smaller quantization of the model.")
    elif phase == "KV cache":
        n_ctx = facts.get("n_ctx")
        if facts.get("kv_backend") == "cpu":
            where = "host RAM (CPU buffer)"
            derived["buffer"] = where
            parts[0] = f"GGML could not allocate {fmt_bytes(size)} of host RAM for the KV cache." if size else "GGML could not allocate the KV cache in host RAM."
        if size and isinstance(n_ctx, int) and n_ctx > 0:
            per_tok = size / n_ctx
            parts.append(f"The KV cache is sized for n_ctx = {n_ctx} tokens, {fmt_bytes(per_tok)} per token: the context alone asks for {fmt_bytes(size)}.")
            for c in (131072, 65536, 32768, 16384, 8192, 4096):
                if c < n_ctx:
                    fix.append(f"Set the context to what you need: -c {c} needs {fmt_bytes(per_tok * c)} of KV cache ({fmt_bytes(per_tok * c / 2)} with -ctk q8_0 -ctv q8_0); n_ctx in llama-cpp-python, num_ctx in Ollama.")
                    break
        fix.append("Shrink the KV cache: lower -c / --ctx-size (num_ctx in Ollama) and -np parallel slots; add -fa on -ctk q8_0 -ctv q8_0 to halve it.")
    elif phase == "compute buffers":
        fix.append("Shrink the compute graph: lower -ub / --ubatch-size and -b / --batch-size (e.g. 512), and the context -c.")
    else:
        fix.append("Lower -ngl, -c and -ub until the buffers fit; check nvidia-smi for other processes on the device.")
    if size and size > 48 * _GIB and phase == "model weights":
        parts.append(f"{fmt_bytes(size)} of weights on one device is more than most single GPUs hold: the model at this quantization needs several GPUs or partial offload.")
    elif size and size > 48 * _GIB and facts.get("kv_backend") != "cpu":
        parts.append(f"{fmt_bytes(size)} on one device is more than most single GPUs have at all: the sizes are wrong for this GPU, typically an unset or huge context (-c 0 takes the model's full trained context) or -ngl 99 on a model larger than the GPU.")
        if phase != "KV cache":
            fix.append("Set the context explicitly (-c 8192 or what the app needs) rather than the model's maximum.")
    if facts.get("kv_backend") == "cpu":
        fix.append("Or free host RAM / add swap; check free -h.")
    else:
        fix.append("Free the device first: stop other GPU processes (nvidia-smi --query-compute-apps=pid,used_memory --format=csv) or select another GPU with CUDA_VISIBLE_DEVICES.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
