"""Computed diagnosis for mps.backend-unavailable: requirement in the message and the checks that decide it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CHECK = ("python -c \"import platform, torch; print(platform.machine(), platform.mac_ver()[0], torch.__version__, "
          "torch.backends.mps.is_available())\"")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "not-compiled":
        text = "This torch build has no MPS backend (a Linux/Windows wheel or a custom build without USE_MPS)."
        fix = ("On the Mac, in a native arm64 Python: pip install --force-reinstall torch (the macOS arm64 wheel has MPS)",
               "or run on device='cpu'")
        return Explanation(text=text, fix=fix, derived={"problem": "torch built without MPS"})
    req = str(facts.get("required_macos") or "")
    note = ""
    if req == "12.3":
        note = (" If macOS is 12.3-12.x and torch is 2.5 or newer, the real minimum is 13.0 (the 2.5 message still said 12.3+):"
                " upgrade macOS or pin torch<2.5.")
    text = (f"MPS is unavailable at run time; PyTorch reports it as 'macOS {req or '?'}+ required', but the same text appears for "
            f"an x86_64 (Rosetta) Python on Apple Silicon and for VMs/sandboxes without a Metal device.{note}")
    fix = (f"Check: {_CHECK}  - x86_64 -> install an arm64 Python (Miniforge) and reinstall torch; "
           f"mac_ver below {req or 'the requirement'} -> upgrade macOS or use an older torch",
           "Choose the device at run time: device = 'mps' if torch.backends.mps.is_available() else 'cpu'")
    return Explanation(text=text, fix=fix, derived={"problem": f"MPS unavailable (needs macOS {req}+, arm64 Python, Metal device)"})
