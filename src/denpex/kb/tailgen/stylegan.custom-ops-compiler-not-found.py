"""Computed diagnosis for stylegan.custom-ops-compiler-not-found: which repository generation and file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("custom_ops")
    sig = facts.get("_signature")
    p = path.replace("\\", "/") if isinstance(path, str) else ""
    if sig == "tf-compiler-bindir-search-path" or "dnnlib/tflib" in p:
        flavour = "TensorFlow StyleGAN2 / StyleGAN2-ADA"
        edit = "compiler_bindir_search_path (a list of exact MSVC version folders)"
    else:
        flavour = "PyTorch StyleGAN2-ADA / StyleGAN3 family"
        edit = "the patterns in _find_compiler_bindir()"
    where = f" (edit {path})" if p else ""
    text = (f"{flavour} custom ops could not find cl.exe: it is not on PATH and none of {edit} matches an installed "
            "Visual Studio. Visual Studio 2022 installs under C:/Program Files, which those patterns do not search.")
    fix = ["Open 'x64 Native Tools Command Prompt for VS' (or run vcvars64.bat) and start the script from it; check with: where cl.exe"]
    if p:
        fix.append(f"Or add your ...\\VC\\Tools\\MSVC\\<version>\\bin\\Hostx64\\x64 folder to {edit} in {path}.")
    return Explanation(text=text, fix=tuple(fix), derived={"flavour": flavour, "where": where})
