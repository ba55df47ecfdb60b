"""Computed diagnosis for torch.autocast-device-unsupported: what the rejected device type means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dev = str(facts.get("device_type") or "").strip()
    sig = facts.get("_signature")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if not dev:
        if sig != "legacy-cuda-or-cpu":
            return None
        derived["torch_generation"] = "1.10-1.13"
        parts.append("This PyTorch (1.10-1.13 wording) supports autocast only on 'cuda' and 'cpu'; the code asked for another type, "
                     "on a Mac usually 'mps'.")
        fix.append("Upgrade PyTorch (2.5+ has MPS autocast) or enter autocast only for cuda/cpu (contextlib.nullcontext() otherwise).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    base = dev.split(":", 1)[0]
    if ":" in dev:
        derived["device_kind"] = "device string with index"
        parts.append(f"'{dev}' is a device, not a device type: autocast wants '{base}' without the index.")
        fix.append(f"Pass torch.device('{dev}').type (= '{base}') as device_type.")
    elif base == "mps":
        derived["device_kind"] = "apple mps"
        parts.append("The model runs on Apple's MPS backend and the code entered torch.autocast('mps'): PyTorch before 2.5 has no MPS autocast "
                     "and rejects it even with enabled=False.")
        fix.append("pip install -U torch torchvision torchaudio (PyTorch 2.5+; use float16, or bfloat16 on macOS 14+).")
        fix.append("Or skip autocast on MPS: torch.autocast(...) if device.type == 'cuda' else contextlib.nullcontext(); "
                   "with transformers 4.38.2 upgrade transformers; with accelerate use --mixed_precision no.")
    else:
        derived["device_kind"] = "other"
        parts.append(f"This PyTorch has no autocast backend for device type '{dev}'.")
        fix.append(f"Enter autocast only for supported types (torch.amp.is_autocast_available('{dev}') on PyTorch 2.4+), else use contextlib.nullcontext().")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
