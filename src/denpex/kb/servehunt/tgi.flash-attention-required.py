"""Computed diagnosis for tgi.flash-attention-required: why the flash model classes did not import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = facts.get("model_kind")
    if not isinstance(kind, str) or not kind.strip():
        return None
    kind = kind.strip()
    reason = facts.get("import_error")
    reason = reason.strip() if isinstance(reason, str) else ""
    sharded = kind.lower().startswith("sharded")
    low = reason.lower()
    if "cuda is not available" in low:
        cause = "no CUDA device is visible to the shard (container started without GPUs or the driver is missing)"
        fix = ["docker run --gpus all ... (check nvidia-smi inside the container and CUDA_VISIBLE_DEVICES)"]
    elif "vllm_cache_ops" in low or "paged_attention" in low or "vllm" in low:
        cause = f"the paged-attention kernels are not installed ({reason})"
        fix = ["cd server && make install-vllm  (or use the official TGI Docker image)"]
    elif "flash" in low:
        cause = f"flash-attn is missing or does not load ({reason})"
        fix = ["cd server && make install-flash-attention  (or use the official TGI Docker image)"]
    elif reason:
        cause = f"an import failed: {reason}"
        fix = ["install the missing kernel package named in that error, or use the official TGI Docker image"]
    else:
        cause = "the 'Could not import Flash Attention enabled models' warning above names the missing piece"
        fix = ["use the official TGI Docker image with --gpus all, or install the kernels (make install-flash-attention, make install-vllm)"]
    text = f"TGI needs its Flash Attention model classes for '{kind}', but they did not import: {cause}."
    if sharded:
        fix.append("or serve on one GPU with --num-shard 1 (transformers fallback, slower)")
    return Explanation(text=text, fix=tuple(fix), derived={"model_kind": kind, "sharded": sharded})
