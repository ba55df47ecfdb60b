"""Computed diagnosis for ultralytics.invalid-cuda-device: why the requested GPU was refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    device = facts.get("device")
    if not isinstance(device, str):
        return None
    device = device.strip()
    available = facts.get("cuda_available")
    count = facts.get("device_count")
    visible = facts.get("visible")
    wanted = [d for d in device.replace("cuda:", "").split(",") if d]
    fix: list[str] = []
    if device.lower().startswith("cuda") and not device.lower().startswith("cuda:"):
        cause = "device-string"
        text = (f"device '{device}' is not an index: this select_device expects GPU numbers such as 0 or 0,1 "
                "(older forks count the characters of the string as devices).")
        fix.append("Pass --device 0 (or device=0) instead of 'cuda'.")
    elif available == "False" or count == 0:
        cause = "no-cuda-torch"
        text = (f"GPU '{device}' was requested but torch sees no CUDA device at all"
                f"{' (torch.cuda.is_available(): False, device_count(): 0)' if count == 0 else ''}: "
                "a CPU-only torch wheel, a missing NVIDIA driver, or a container/runtime without a GPU.")
        fix.append("Check: python -c \"import torch; print(torch.__version__, torch.version.cuda)\" - a +cpu version or None means a CPU build.")
        fix.append("Reinstall torch from the CUDA index (pytorch.org selector, e.g. --index-url https://download.pytorch.org/whl/cu121), then rerun.")
        fix.append("Or run on the CPU: device=cpu (YOLOv5: --device cpu).")
    elif isinstance(count, int) and wanted and all(d.isdigit() for d in wanted):
        too_high = [d for d in wanted if int(d) >= count]
        cause = "index-out-of-range"
        text = (f"device={device} asks for {len(wanted)} GPU(s) / index {max(int(d) for d in wanted)} but torch sees "
                f"{count} device(s){'' if not too_high else ' - index ' + ','.join(too_high) + ' does not exist'}.")
        if isinstance(visible, str) and visible not in ("None", ""):
            text += f" CUDA_VISIBLE_DEVICES was already '{visible}', which renumbers the visible cards from 0."
        valid = ",".join(str(i) for i in range(count)) if count else "cpu"
        fix.append(f"Use indices 0..{count - 1}: device={valid}." if count else "Use device=cpu.")
    else:
        cause = "no-usable-gpu"
        text = (f"YOLO's select_device refused device '{device}': torch does not report a usable CUDA device for it "
                "(CPU-only torch, no driver/GPU visible, or an index past the last GPU).")
        if len(wanted) > 1:
            text += f" {len(wanted)} GPUs were requested: on a machine with fewer cards this check fails even with a CUDA build."
            fix.append("Request only the GPUs that exist (device=0 on a single-GPU machine).")
        fix.append("Check torch.cuda.is_available() and torch.cuda.device_count() in the same environment.")
        fix.append("Install a CUDA build of torch, or pass device=cpu.")
    return Explanation(text=text, fix=tuple(fix), derived={"likely_cause": cause})
