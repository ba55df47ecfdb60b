"""Computed diagnosis for ctranslate2.cuda-error: what the CUDA runtime reason means and the fix for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip().rstrip(".")
    if not reason:
        return None
    low = reason.lower()
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if "out of memory" in low:
        derived["fix_short"] = "use compute_type='int8_float16', a smaller model or batch_size, and free the GPU"
        text = ("The GPU ran out of memory inside CTranslate2: the weights at this compute_type plus the batch/beam activations do not fit in the "
                "free memory (float16 large-v3 needs ~3 GB for weights alone; whisperX batches 16 segments by default).")
        fix.append("compute_type='int8_float16' (about half the weight memory of float16) or 'int8'.")
        fix.append("A smaller model (large-v3-turbo, distil-large-v3, medium) and lower batch_size / beam_size (whisperX: --batch_size 4; faster-whisper: beam_size=1).")
        fix.append("Free the GPU: stop other processes (nvidia-smi), and del models + torch.cuda.empty_cache() between ASR, alignment and diarization.")
    elif "unknown error" in low or "initialization error" in low or "no cuda-capable device" in low:
        derived["fix_short"] = "the CUDA driver state is broken: reboot (or reload nvidia_uvm) and check nvidia-smi"
        text = (f"CUDA could not create a context ({reason}): typically the nvidia_uvm kernel module lost its state after suspend/resume, "
                "the driver was upgraded without a reboot, or the container lacks the GPU device nodes.")
        fix.append("Reboot; on Linux after suspend: sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm.")
        fix.append("Check nvidia-smi and python -c \"import torch; torch.zeros(1, device='cuda')\"; in Docker run with --gpus all.")
    elif any(k in low for k in ("invalid argument", "no kernel image", "invalid device function", "unsupported ptx")):
        derived["fix_short"] = "upgrade ctranslate2 to a build that supports this GPU"
        text = (f"The CTranslate2 kernels do not fit this GPU ({reason}): the installed wheel predates the GPU architecture (e.g. RTX 50xx) "
                "or was built for other compute capabilities.")
        fix.append("pip install -U ctranslate2 faster-whisper; check the release notes for your GPU generation.")
        fix.append("Meanwhile run on CPU: device='cpu', compute_type='int8'.")
    elif "invalid device ordinal" in low:
        derived["fix_short"] = "device_index points at a GPU that does not exist (check CUDA_VISIBLE_DEVICES)"
        text = "device_index names a GPU that is not visible to the process."
        fix.append("Use device_index=0 (indices restart at 0 under CUDA_VISIBLE_DEVICES) or list GPUs with nvidia-smi -L.")
    elif "illegal memory access" in low or "misaligned address" in low or "launch failure" in low:
        derived["fix_short"] = "a kernel crashed: upgrade ctranslate2 and retry with another compute_type"
        text = f"A CTranslate2 CUDA kernel faulted ({reason}); the CUDA context is unusable until the process restarts."
        fix.append("Restart the process; upgrade ctranslate2; try compute_type='float16' or 'int8_float16' to take another kernel path, and report a reproducer upstream.")
    else:
        derived["fix_short"] = "see the CUDA runtime reason; check nvidia-smi, the driver and the ctranslate2 version"
        text = f"A CUDA runtime call in CTranslate2 failed with '{reason}'."
        fix.append("Check nvidia-smi, the driver version against ctranslate2's CUDA (4.x needs a CUDA 12 driver), and retry on CPU to isolate the GPU.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
