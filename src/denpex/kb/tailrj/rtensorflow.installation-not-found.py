"""Computed diagnosis for rtensorflow.installation-not-found: which Python was searched and why it failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BASE_HINTS = ("anaconda3", "miniconda3", "/usr/bin/python", "/System/Library", "Programs\\Python", "Programs/Python")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    py = str(facts.get("searched_python") or "").strip()
    cause = str(facts.get("cause") or "").strip()
    if not py and not cause:
        return None
    fixes: list[str] = []
    parts: list[str] = []
    hint = ""
    if py:
        in_dedicated_env = any(k in py for k in ("r-tensorflow", "r-reticulate", "r-keras", "virtualenvs", "envs"))
        if in_dedicated_env:
            parts.append(f"The Python searched was {py}, a dedicated environment: TensorFlow is missing there or its import fails.")
            hint = f" ({py})"
        else:
            kind = "a base/system Python" if any(k in py for k in _BASE_HINTS) else "a Python that is not the r-tensorflow env"
            parts.append(f"The session is bound to {py}, {kind}; install_tensorflow() installs into its own env (r-tensorflow or envname).")
            hint = f" ({py}, not the TensorFlow env)"
            fixes.append("Restart R and call reticulate::use_virtualenv('r-tensorflow', required = TRUE) (or use_condaenv(<envname>)) before library(tensorflow).")
    if "forced by use_python" in cause:
        parts.append("reticulate says the Python was forced by use_python(): that call overrides the env TensorFlow was installed in.")
        fixes.append("Remove the use_python() call (or point it at the env's python) and restart R.")
    elif "NOT FOUND" in cause:
        parts.append("That Python does not even have NumPy, so it is not the environment install_tensorflow() created.")
    elif cause.startswith("ModuleNotFoundError"):
        parts.append(f"The import raised {cause}.")
        fixes.append("Install the missing module into the bound env: reticulate::py_install('<module>', envname = ...).")
    elif "DLL load failed" in cause:
        parts.append("TensorFlow is there but its native library does not load (Windows: MSVC redistributable, unsupported Python/CPU).")
        fixes.append("Install the latest Microsoft Visual C++ Redistributable (x64) and use a Python version the TensorFlow wheel supports.")
    elif "numpy" in cause:
        parts.append("TensorFlow was built against another NumPy ABI.")
        fixes.append("Pin NumPy to the major version the TensorFlow release supports (numpy<2 for TF < 2.16).")
    if not fixes:
        fixes.append("Run tensorflow::tf_config() and fix the Python exception it prints, then restart R.")
    return Explanation(text=" ".join(parts), fix=tuple(fixes), derived={"python_hint": hint, "diagnosis": "wrong-python" if "not the" in hint else "import-fails"})
