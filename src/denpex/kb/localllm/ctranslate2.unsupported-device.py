"""Computed diagnosis for ctranslate2.unsupported-device: the arguments to pass instead."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    dev = facts.get("device")
    if not dev:
        return None
    dev = str(dev)
    derived: dict[str, Any] = {"device": dev}
    m = re.match(r"(?i)(cuda|gpu):(\d+)$", dev)
    if m:
        idx = int(m.group(2))
        derived["device_arg"], derived["device_index"] = "cuda", idx
        return Explanation(
            text=f"'{dev}' is PyTorch syntax; CTranslate2 takes the GPU number separately.",
            fix=(f"Pass device='cuda', device_index={idx} (e.g. WhisperModel(model, device='cuda', device_index={idx}, compute_type='float16')).",
                 f"whisperX: whisperx.load_model(name, 'cuda', device_index={idx}, compute_type=...)."),
            derived=derived)
    low = dev.lower()
    if low == "mps":
        derived["device_arg"] = "cpu"
        return Explanation(
            text="CTranslate2 has no MPS (Apple GPU) backend.",
            fix=("Use device='cpu', compute_type='int8' on Apple Silicon (fast), or an MLX / whisper.cpp (Metal) implementation "
                 "for GPU use.",),
            derived=derived)
    if low in ("gpu", "nvidia", "cuda0", "cuda1"):
        derived["device_arg"] = "cuda"
        return Explanation(text=f"'{dev}' is not a CTranslate2 device name.",
                           fix=("Use device='cuda' (plus device_index=N to pick a GPU).",), derived=derived)
    return Explanation(text=f"'{dev}' is not one of CTranslate2's devices (cpu, cuda, auto).",
                       fix=("Use device='cuda' with device_index=N for NVIDIA GPUs, otherwise device='cpu'.",),
                       derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
