"""Computed diagnosis for python.ctypes-native-exception: what kind of native fault."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("exception") or "")
    if not exc:
        return None
    func = str(facts.get("native_func") or "")
    where = f" in the native call {func}()" if func else ""
    access = str(facts.get("access") or "")
    addr = str(facts.get("address") or "")
    fix: list[str] = []
    if "0xe06d7363" in exc:
        text = (f"A C++ exception escaped the DLL{where} (0xE06D7363): the library rejected its input - "
                "with llama.cpp usually a model file in an unsupported/old format or an unknown architecture.")
        fix.append("Use a GGUF file supported by this binding version (convert old GGML .bin files, or update the binding).")
    else:
        null = False
        try:
            null = bool(addr) and int(addr, 16) < 0x10000
        except ValueError:
            null = False
        if access == "reading" and null:
            text = (f"Access violation reading {addr}{where}: a NULL pointer was used - typically the model/context "
                    "failed to load (see the loader error above) or the DLL set is mismatched.")
            fix.append("Fix the load error printed before the traceback; if there is none, reinstall the binding for your CPU/GPU and retry with n_gpu_layers=0.")
        elif access == "writing":
            text = f"Access violation writing {addr}{where}: usually a failed allocation (RAM/VRAM or page file too small) or a buffer overrun in the DLL."
            fix.append("Use a smaller model/quant, lower n_ctx and n_gpu_layers, enlarge the Windows page file.")
        else:
            text = f"Access violation {access} {addr}{where} inside native code."
            fix.append("Reinstall the binding's wheel for your hardware and check for conflicting DLLs (import it before pandas/torch).")
    fix.append("Run python -X faulthandler to get the native stack of the crash.")
    return Explanation(text=text, fix=tuple(fix), derived={})
