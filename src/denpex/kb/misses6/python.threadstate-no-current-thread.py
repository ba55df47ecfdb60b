"""Computed diagnosis for python.threadstate-no-current-thread: which interpreters the log shows and how to rebuild."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(path: str) -> str:
    low = path.lower()
    if "python.framework" in low:
        return "a framework Python (python.org/Homebrew/Apple)"
    if any(k in low for k in ("conda", "miniforge", "mambaforge")):
        return "a conda Python"
    if ".pyenv" in low:
        return "a pyenv Python"
    if "/venv" in low or "/.venv" in low or "/env/" in low:
        return "a virtualenv Python"
    if low.startswith(("/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/")):
        return "the system/Homebrew Python"
    return "another Python"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    interp = str(facts.get("interpreter") or "").strip()
    framework = str(facts.get("framework") or "").strip()
    site_python = str(facts.get("site_python") or "").strip()
    seen = [p for p in (interp, framework) if p]
    derived: dict[str, Any] = {}
    rebuild = "Rebuild the extension from inside the environment that runs it (pip install . / cmake -DPython3_EXECUTABLE=$(which python)), linking Python3::Module / -undefined dynamic_lookup rather than libpython."
    if interp and framework and _kind(interp) != _kind(framework):
        derived["where"] = f" ({_kind(interp)} runs it, {_kind(framework)} is also loaded)"
        text = (f"The log shows two interpreters: {interp} ({_kind(interp)}) and {framework} ({_kind(framework)}). "
                "The extension links the second one's libpython, which is never initialised in this process.")
        fix = (rebuild, f"Or run the script with the interpreter the module was built for ({framework}/bin/python3).")
    elif seen:
        path = seen[0]
        derived["where"] = f" (running {_kind(path)}: {path})"
        text = (f"The process runs {path} ({_kind(path)}); the module being imported was linked against a different libpython "
                "(check with otool -L / ldd), so it calls into an uninitialised second interpreter.")
        fix = (rebuild, "Compare `which python` during the build with the interpreter above; rebuild if they differ.")
    else:
        derived["where"] = " (the log does not show which interpreters)"
        text = ("A compiled module called the Python C API of a libpython that is not the running interpreter "
                "(built with another Python, or linking libpython explicitly), so the thread state it sees is empty.")
        fix = (rebuild, "Find the module: the last import before the abort; otool -L / ldd on its .so shows the libpython it links.")
    if site_python:
        derived["site_python"] = site_python
    return Explanation(text=text, fix=fix, derived=derived)
