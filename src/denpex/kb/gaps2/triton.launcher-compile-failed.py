"""Computed diagnosis for triton.launcher-compile-failed: which compiler, which module, and what the command mixes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(compiler: str) -> str:
    low = compiler.lower().replace("\\\\", "\\")
    if low.endswith("cl.exe"):
        return "MSVC cl.exe"
    if "tcc" in low.rsplit("\\", 1)[-1].rsplit("/", 1)[-1]:
        return "the bundled TinyCC"
    if re.search(r"(?:gcc|clang|cc)(?:\.exe)?$", low):
        return low.rsplit("\\", 1)[-1].rsplit("/", 1)[-1]
    return "a compiler path that is not an executable (CC set to a folder?)"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    compiler = str(facts.get("compiler") or "")
    if not compiler:
        return None
    kind = _kind(compiler)
    source = str(facts.get("source") or "").replace("\\\\", "\\").rsplit("\\", 1)[-1].rsplit("/", 1)[-1] or "launcher"
    err = str(facts.get("first_error") or "")
    m = re.search(r"MSVC[\\/]{1,2}(\d{2}\.\d{1,2}\.\d{4,6})[\\/]{1,2}bin", compiler)
    cl, inc, cuda = (m.group(1) if m else None), facts.get("msvc_include"), facts.get("cuda_version")
    derived: dict[str, Any] = {"msvc_cl": cl, "compiler_kind": kind, "module": source, "first_error_text": f": {err}" if err else ""}
    parts = [f"Triton could not build {source} with {kind}" + (f" ({err})" if err else "") + "."]
    fix: list[str] = []
    if cl and inc and cl != inc:
        parts.append(f"The command mixes two Visual Studio installations: cl.exe from MSVC {cl} with the headers of MSVC {inc}.")
        fix.append(f"Use one installation: unset CC (or point it at the cl.exe of MSVC {inc}), or uninstall the Build Tools that carry MSVC {cl}; run from that installation's x64 Native Tools prompt.")
    if "not an executable" in kind:
        fix.append("Set CC to the full path of cl.exe (ending in cl.exe), or unset it so triton-windows chooses.")
    if "LNK1181" in err and ".obj" in err:
        parts.append("The linker was handed a fragment of a path with spaces (C:\\Program...): a compiler or temp path reached the command unquoted.")
        fix.append("Unset CC (or set it to the plain full path of cl.exe, no extra quotes) and keep TEMP on a path without spaces.")
    if "tcc" in kind.lower() or "TinyCC" in kind:
        fix.append("Install Visual Studio Build Tools (C++ workload) so triton-windows uses cl.exe, or reinstall triton-windows to restore its TinyCC.")
    if cuda:
        try:
            major = int(str(cuda).split(".")[0])
        except ValueError:
            major = 0
        if major >= 13:
            parts.append(f"It compiles against CUDA {cuda} headers, newer than many triton-windows releases were built and tested with.")
            fix.append("Upgrade triton-windows to a release that supports CUDA 13 (and the matching torch), or stop pointing it at that toolkit (remove CUDA_PATH overrides) so it uses the headers bundled in the wheel.")
    fix.append("Then delete %USERPROFILE%\\.triton\\cache and %TEMP%\\torchinductor_<user>, and re-run test_triton.py.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
