"""Computed diagnosis for pycall.libpython-not-found: build-time vs load-time, and the Python kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    python = str(facts.get("python") or "").strip()
    ver = str(facts.get("py_version") or "").strip()
    lib = str(facts.get("libpython") or "").strip()
    fixes: list[str] = []
    where = lib or python
    if sig == "build-couldnt-find-libpython":
        diagnosis = "build-no-shared-lib"
        who = f"{python} (Python {ver})" if python and ver else (python or "the configured python")
        text = (f"Pkg.build('PyCall') ran {who} but found no libpython shared library for it: the interpreter was "
                "built without --enable-shared or PYTHON points at a venv/wrapper whose base has no libpython.")
        fixes.append("Set ENV[\"PYTHON\"] to a Python that ships libpython (conda env, distro python3 + libpython3-dev) or to \"\" for Conda.jl, then Pkg.build(\"PyCall\").")
    else:
        diagnosis = "load-recorded-lib-missing"
        text = (f"PyCall was built against {lib or 'a libpython'} which can no longer be loaded: that Python was upgraded, "
                "moved or removed after the last Pkg.build(\"PyCall\").")
        fixes.append("Run Pkg.build(\"PyCall\") (with PYTHON set to the Python you use now) and restart Julia.")
    if ".pyenv" in where:
        fixes.insert(0, "pyenv builds are static by default: PYTHON_CONFIGURE_OPTS=\"--enable-shared\" pyenv install <version> --force, then rebuild PyCall.")
    elif "conda" in where or "miniforge" in where:
        fixes.append("If the conda env was deleted, recreate it or point PYTHON at an existing env before rebuilding.")
    hint = f" ({where})" if where else ""
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "python_hint": hint})
