"""Computed diagnosis for torch.device-string-invalid: what the bad device string was meant to be."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {"cpu", "cuda", "mps", "xpu", "hip", "xla", "meta", "hpu", "mtia", "ipu", "vulkan", "lazy", "privateuseone"}
_OOT = {"npu": "torch_npu (Ascend)", "neuron": "torch_neuronx / torch-xla (AWS Neuron)", "tpu": "torch_xla (use 'xla')",
        "dml": "torch_directml (torch_directml.device())", "privateuseone": "the out-of-tree backend extension"}


def _auto() -> str:
    return ("device = 'cuda' if torch.cuda.is_available() else ('mps' if torch.backends.mps.is_available() else 'cpu')")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dev = str(facts.get("device") if facts.get("device") is not None else "")
    known = [k.strip() for k in str(facts.get("known") or "").split(",") if k.strip()]
    sig = facts.get("_signature")
    derived: dict[str, Any] = {"device": dev}
    if sig == "invalid-device-string":
        m = re.match(r"^\s*([A-Za-z_]+)\s*(?::\s*(\d+))?\s*$", dev)
        if m and dev != dev.strip():
            text = f"'{dev}' has surrounding whitespace; torch does not strip device strings."
            fix = (f"Use '{dev.strip()}' (strip the value read from the config/env).",)
        elif m and m.group(2) and m.group(2).startswith("0") and len(m.group(2)) > 1:
            text = f"'{dev}' has a leading zero in the index, which the parser rejects."
            fix = (f"Use '{m.group(1)}:{int(m.group(2))}'.",)
        else:
            text = f"'{dev}' is not name[:index] (letters, then an optional ':' and a number)."
            fix = ("Pass e.g. 'cuda', 'cuda:1', 'mps' or 'cpu'; for several GPUs pass one device per call or set CUDA_VISIBLE_DEVICES.",)
        return Explanation(text=text, fix=fix, derived=derived)
    low = dev.lower()
    if known:
        derived["torch_has_mps"] = "mps" in known
    if low == "mps" and known and "mps" not in known:
        text = "This PyTorch build predates Apple MPS support: 'mps' is not in its list of device types (added in 1.12)."
        fix = ("Upgrade PyTorch to 1.12+ (current 2.x arm64 macOS wheel): pip install -U torch torchvision torchaudio.",
               "Check that Python is the arm64 build (python -c \"import platform; print(platform.machine())\" prints arm64).")
    elif low in ("gpu", "cuda0", "nvidia") or (low != dev and low in _KNOWN):
        target = "cuda" if low in ("gpu", "cuda0", "nvidia") else low
        text = f"'{dev}' is not a torch device name; PyTorch spells it '{target}' (lower-case)."
        fix = (f"Use device='{target}' (or '{target}:0'); on Apple Silicon use 'mps'.",)
        derived["use"] = target
    elif low == "auto":
        text = "'auto' is a library/config option, not a torch device; it was passed to torch unchanged."
        fix = (f"Resolve it before calling torch: {_auto()}", "Or pass device_map='auto' where the library supports it, not device='auto'.")
        derived["use"] = "resolved at runtime"
    elif low in _OOT:
        text = f"'{dev}' is an out-of-tree backend; its device type exists only after importing {_OOT[low]}."
        fix = (f"import the backend package ({_OOT[low]}) before creating the device, or use a listed type.",)
    elif len(dev) <= 1 or "/" in dev or "." in dev or low in ("train", "test", "eval", "val", "predict", "inference"):
        text = (f"'{dev}' does not look like a device at all: a mode/path/character reached the device argument, "
                "usually because arguments were passed positionally in the wrong order (or a string was indexed).")
        fix = ("Check the call in the traceback: pass device=... by keyword and print the value before torch.device().",)
    else:
        text = f"'{dev}' is not one of the device types this PyTorch knows ({', '.join(known[:6])}, ...)."
        fix = ("Use one of the listed types with an optional :index, or import the extension that registers the backend.",)
    return Explanation(text=text, fix=fix, derived=derived)
