"""Computed diagnosis for faiss.gpu-out-of-memory: size, allocation kind, device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INDEX_TYPES = {"FlatData", "IVFLists", "IVFPQ", "Quantizer", "QuantizerPrecomputedCodes", "VectorCodes"}


def _gib(n: int) -> str:
    if n >= 2**30:
        return f"{n / 2**30:.2f} GiB"
    if n >= 2**20:
        return f"{n / 2**20:.1f} MiB"
    return f"{n / 2**10:.0f} KiB"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    kind = str(facts.get("alloc_type") or "")
    func = str(facts.get("function") or "")
    dev = facts.get("device")
    size = facts.get("size_bytes")
    try:
        size = int(size) if size is not None else None
    except (TypeError, ValueError):
        size = None
    where = f" on GPU {dev}" if dev is not None else ""
    size_text = f" ({_gib(size)}{where})" if size else (f" ({where.strip()})" if where else "")
    fix: list[str] = []
    if sig in ("initialize-for-device", "stack-device-memory-assert") or "initializeForDevice" in func or "StackDeviceMemory" in func:
        diagnosis = "GPU already full when faiss initialized the device"
        text = ("faiss failed while reserving its scratch memory on the device: the GPU was already (almost) full before any "
                "index data was added - usually PyTorch/TensorFlow in the same process or another process.")
        fix += ["Free memory first (torch.cuda.empty_cache(); TF memory growth) or run faiss on another GPU (CUDA_VISIBLE_DEVICES).",
                "Reduce the reservation: res = faiss.StandardGpuResources(); res.setTempMemory(256 * 1024 * 1024)."]
    elif kind.startswith("Temporary"):
        diagnosis = "search/k-means buffers too large"
        text = (f"A temporary buffer{size_text} for one search or k-means step did not fit: the query batch times k is too large "
                "for the free memory.")
        fix += ["Search in smaller batches (index.search(xq[i:i+B], k)) and/or lower k.",
                "Free memory held by other frameworks before searching."]
    elif kind in _INDEX_TYPES:
        diagnosis = f"index data does not fit ({kind})"
        text = (f"Storing the index ({kind}){size_text} failed: the index is larger than the free GPU memory.")
        fix += ["Store vectors in float16 (GpuClonerOptions.useFloat16 = True) or use an IVF-PQ index.",
                "Shard across GPUs (GpuMultipleClonerOptions.shard = True) instead of replicating, or keep the index on CPU."]
    else:
        diagnosis = "GPU out of memory in faiss"
        text = f"cudaMalloc{size_text} failed inside faiss: the GPU has no free block of that size."
        fix += ["Check nvidia-smi right before the faiss call; free PyTorch cache (torch.cuda.empty_cache()).",
                "Search in batches, store the index in float16/PQ, or use faiss-cpu for this index."]
    if size and size < 64 * 2**20 and not diagnosis.startswith("GPU already"):
        text += f" The request itself is small ({_gib(size)}), so the card was already nearly full."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "size_text": size_text})
