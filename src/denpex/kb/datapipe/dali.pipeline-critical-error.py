"""Computed diagnosis for dali.pipeline-critical-error: classify the operator's own error."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    phase = str(facts.get("phase") or "")
    op = str(facts.get("operator") or "")
    dev = str(facts.get("device") or "")
    inline = str(facts.get("inline_detail") or "")
    detail = str(facts.get("detail") or "")
    if inline and not op:
        m = re.search(r"operator:? '?([\w.]+)", inline)
        if m:
            op = m.group(1)
    if inline and not detail:
        detail = re.sub(r"^Error in thread \d+: ", "", inline)
        detail = re.sub(r"^\[[^\]]*\] ", "", detail)
    low = detail.lower()
    where = f"{dev + ' ' if dev else ''}operator {op}" if op else "an operator"
    if "not registered for" in low:
        problem = f"{op or 'operator'} not available on this device/build"
        text = f"Building the pipeline failed: {where} is not available for this device in the installed DALI build ({detail})."
        fix = ("Install the DALI wheel for your CUDA major (nvidia-dali-cuda120 / -cuda110 from https://pypi.nvidia.com), "
               "or create the operator with device='cpu' (GPU decoding is unsupported on some GPUs/platforms).",)
    elif "nvjpeg" in low or "jpeg" in low or "unsupported image" in low or (not detail and "decoder" in op.lower()):
        problem = "an input file could not be decoded"
        text = f"{where} failed on an input ({detail or 'decoder error'}): usually a corrupted, truncated or unsupported image in the batch."
        fix = ("Find the file: decode the dataset with PIL (Image.open(f).load()) or run the pipeline with the decoder on device='cpu' over the file list, then remove/re-encode it.",
               "Filter the file list before the reader; for mixed decoding also check the nvImageCodec/nvJPEG version matches DALI.")
    elif "bad_alloc" in low or "out of memory" in low or "allocation failed" in low:
        problem = "out of memory"
        text = f"{where} ran out of memory ({detail})."
        fix = ("Reduce batch_size, prefetch_queue_depth and num_threads; lower device_memory_padding/host_memory_padding.",)
    elif "cuda" in low:
        problem = "CUDA error inside the pipeline"
        text = f"{where} hit a CUDA error ({detail}): often a DALI wheel built for another CUDA major than the driver supports, GPU memory exhaustion, or a wrong device_id."
        fix = ("Check nvidia-smi driver version vs the wheel (nvidia-dali-cuda110/120); reduce batch_size/prefetch_queue_depth; verify device_id.",)
    elif "failed to open" in low or "no such file" in low or "lmdb" in low:
        problem = "reader cannot open its input"
        text = f"{where} cannot open its input ({detail})."
        fix = ("Check file_root/path/index_path arguments and that the files exist on this machine (absolute paths).",)
    elif detail:
        problem = detail[:120]
        text = f"{where} failed: {detail}."
        fix = ("Fix the condition in the operator's message (arguments, input shapes/ranges) at the pipeline definition line DALI names.",)
    elif op:
        problem = f"{op} failed"
        text = f"{where} failed ({'while building' if ('building' in phase or 'constructing' in phase) else 'while running'} the pipeline); its own error is in the lines after 'encountered:'."
        fix = ("Read the 'encountered:' lines and fix that cause; later 'pipeline object is no longer valid' errors are consequences.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"problem": problem})
