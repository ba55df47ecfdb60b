"""Computed diagnosis for env.macos-arch-mismatch: which side (the interpreter or the package) has
which architecture, and the install that makes them match."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ARM_ONLY = {"mlx": "MLX is built for Apple Silicon (arm64) only", "torch": "torch macOS wheels after 2.2 are arm64-only"}


def _norm(a: str) -> str:
    a = a.strip().strip("'()")
    if a.startswith("arm64"):
        return "arm64"
    if a.startswith("x86_64"):
        return "x86_64"
    return a


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    have_raw = str(facts.get("have") or "")
    need_raw = str(facts.get("need") or "")
    have, need = _norm(have_raw), _norm(need_raw)
    lib = str(facts.get("library") or "").strip()
    name = lib.rsplit("/", 1)[-1] if lib else "the binary"
    pkg = ""
    if "site-packages/" in lib:
        pkg = lib.split("site-packages/", 1)[1].split("/", 1)[0]
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if facts.get("not_macho"):
        derived["what"] = f"{name} is not a macOS binary at all (not a mach-o file)"
        parts.append(f"dyld found {name} but it is not a Mach-O file: it is a Linux ELF library (a package that ships or built only Linux .so files{f', here {pkg}' if pkg else ''}) or a truncated download. No reinstall of the same wheel fixes it; architecture flags do not apply.")
        if pkg == "bitsandbytes":
            parts.append("Older bitsandbytes releases shipped only Linux CUDA/CPU libraries; on a Mac without CUDA its 8-bit/4-bit paths cannot run.")
        fix.append(f"Check with: file {lib or '<library>'}  (ELF 64-bit ... means a Linux build)")
        fix.append(f"Install a release of {pkg or 'the package'} that ships macOS wheels, build it from source on this Mac, or drop the dependency (for bitsandbytes: do not request 8-bit/4-bit loading on macOS; run on Linux with CUDA).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if have and need:
        derived["what"] = f"{name} is {have}, the process needs {need_raw.strip(chr(39)+'()')}"
    if have == "x86_64" and need == "arm64":
        parts.append(f"The process is native arm64 (Apple Silicon) but {name} contains only Intel x86_64 code{f' (package {pkg})' if pkg else ''}: it was installed by an Intel (Rosetta) pip/conda, copied from an Intel Mac, or the package ships no arm64 build of this version.")
        fix.append(f"Reinstall it from the arm64 interpreter: python -m pip install --force-reinstall --no-cache-dir {pkg or '<package>'} (confirm python -c \"import platform; print(platform.machine())\" prints arm64).")
        fix.append("If the package has no arm64 wheel for this version, upgrade it (most ML packages ship macosx_11_0_arm64 wheels) or build it from source natively.")
    elif have == "arm64" and need == "x86_64":
        intel_mac = need_raw.strip("'()").startswith("x86_64h")
        if intel_mac:
            parts.append(f"This is an Intel Mac (the process needs x86_64h) and {name} is arm64-only: this version of {pkg or 'the package'} is not built for Intel Macs.")
            why = _ARM_ONLY.get(pkg)
            if why:
                parts.append(why + ".")
            fix.append(f"Use a release that still ships x86_64 macOS wheels (torch <= 2.2.x), or run on Apple Silicon or Linux.")
        else:
            parts.append(f"The Python process runs as x86_64 - an Intel Python under Rosetta 2 (Intel Anaconda/Miniconda, /usr/local Homebrew, or a terminal set to 'Open using Rosetta') - while {name} is arm64{f' ({_ARM_ONLY[pkg]})' if pkg in _ARM_ONLY else ''}. An x86_64 process can never load arm64 code.")
            fix.append("Install a native arm64 Python (Miniforge/Miniconda for osx-arm64, Homebrew in /opt/homebrew, or the python.org universal2 installer), recreate the environment with it, and check platform.machine() prints arm64.")
            fix.append("Remove Rosetta from the path: uncheck 'Open using Rosetta' for the terminal/IDE, and put /opt/homebrew/bin before /usr/local/bin in PATH.")
    elif have or need:
        parts.append(f"{name} has {have_raw or 'another architecture'} code, the process needs {need_raw or 'another'}.")
        fix.append("Install the package from the same interpreter that runs it (pip install --force-reinstall --no-cache-dir <package>) so pip picks the matching wheel.")
    else:
        derived["what"] = f"{name} has no slice for this CPU architecture"
        parts.append(f"{name} has no code for the CPU architecture of this process (x86_64 vs arm64): an Intel binary on Apple Silicon without Rosetta, or an arm64 binary on an Intel Mac, or a package installed by an interpreter of the other architecture.")
        fix.append(f"Check with file {lib or '<binary>'} and uname -m; reinstall the package from the native interpreter, or install Rosetta (softwareupdate --install-rosetta) for an Intel-only tool.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
