"""Computed diagnosis for onnxruntime.dotnet-native-load-failed: what the HRESULT / loader says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HRESULTS = {
    "0x8007007E": ("the module (or one of its dependencies) was not found",
                   "Check onnxruntime.dll is in the output folder and install the Visual C++ 2019+ x64 redistributable."),
    "0x8007045A": ("the DLL's initialization routine failed",
                   "Install/repair the latest Visual C++ x64 redistributable; an old vcruntime140.dll is the usual cause."),
    "0x800700C1": ("the DLL is not a valid image for this process (architecture mismatch)",
                   "Build and run the app as x64 (disable Prefer 32-bit) or use the native package for your architecture."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    library = str(facts.get("library") or "onnxruntime")
    hresult = str(facts.get("hresult") or "").upper().replace("0X", "0x")
    detail = str(facts.get("detail") or "")
    if hresult in _HRESULTS:
        what, fix = _HRESULTS[hresult]
        text = f"Windows could not load '{library}': {what} ({hresult})."
        return Explanation(text=text, fix=(fix,), derived={"detail_suffix": f": {what}"})
    if str(facts.get("_signature") or "") == "shared-library-not-found":
        text = (f"The .NET loader found no loadable '{library}' on Linux/macOS"
                + (f" ({detail[:160]})" if detail else "") +
                ": the package has no native build for this RID, or a dependency such as libgomp.so.1 is missing.")
        return Explanation(text=text, fix=(), derived={"detail_suffix": f": {library} not loadable"})
    return Explanation(
        text=("NativeMethods' static constructor failed, so the native onnxruntime library was not loadable; the inner "
              "exception (ex.ToString()) names the file and the loader error."),
        fix=(), derived={"detail_suffix": " (NativeMethods type initializer failed)"})
