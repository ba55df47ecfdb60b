"""Computed diagnosis for brian2.standalone-compilation-failed: what the compiler's first error points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("compiler_error") or "")
    tool = str(facts.get("tool") or "")
    code = facts.get("error_code")
    fix: list[str] = []
    low = err.lower()
    if "make_pair" in err:
        text = (f"The compiler rejected Brian's generated code ('{err}'): old Brian 2 standalone code does not build "
                "with the C++14 default of gcc >= 6.")
        fix.append("Upgrade brian2, or add -std=c++11 to prefs.codegen.cpp.extra_compile_args_gcc.")
    elif "exprel" in low or "c99" in low:
        text = f"The compiler lacks C99 support Brian needs ('{err}')."
        fix.append("Install a newer compiler, or use the runtime device with prefs.codegen.target = 'numpy'.")
    elif "cannot open include file" in low or "no such file or directory" in low:
        text = f"The build could not find a header ('{err}'): incomplete toolchain environment or generated files."
        fix.append("Build from a Visual Studio developer prompt / check include paths; rebuild with clean=True.")
    elif "msb" in low or "msbuild" in tool.lower():
        text = f"MSBuild failed ('{err}'): the Visual Studio / CUDA build integration is incomplete."
        fix.append("Install the CUDA Visual Studio integration for the VS version in use and rebuild.")
    elif err:
        text = f"The first compiler error above the RuntimeError is: {err}"
        fix.append("Fix that compiler error; the RuntimeError only carries the build's exit status.")
    else:
        text = (f"The standalone project build exited with status {code}; the compiler output is not in this log "
                "(run with debug=True, or read winmake.log on Windows).")
    if tool:
        text += f" Failing command: {tool}."
    hint = f": {err}" if err else ""
    return Explanation(text=text, fix=tuple(fix), derived={"compiler_hint": hint})
