"""Computed diagnosis for scipy.removed-api: which removed name, since which release, what replaces it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPL = {
    "triu": ("1.13", "numpy.triu"),
    "tril": ("1.13", "numpy.tril"),
    "tri": ("1.13", "numpy.tri"),
    "simps": ("1.14", "scipy.integrate.simpson"),
    "trapz": ("1.14", "scipy.integrate.trapezoid"),
    "cumtrapz": ("1.14", "scipy.integrate.cumulative_trapezoid"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "")
    if name not in _REPL:
        return None
    module = str(facts.get("module") or ("scipy.linalg" if name.startswith("tri") else "scipy.integrate"))
    removed_in, repl = _REPL[name]
    pin = f"scipy<{removed_in}"
    new_mod, new_name = repl.rsplit(".", 1)
    path = str(facts.get("path") or "")
    text = (f"{module}.{name} no longer exists: it was removed in SciPy {removed_in} "
            f"(replacement: {repl}). The installed SciPy is {removed_in} or newer.")
    fix = [
        f"In your code: from {new_mod} import {new_name} (instead of from {module} import {name}).",
        f"If a dependency does the import (see the last site-packages frame), upgrade it, or pin: pip install '{pin}'.",
    ]
    if name in ("triu", "tril", "tri"):
        fix.insert(0, "gensim 4.3.2 is the usual importer: pip install -U 'gensim>=4.3.3' (or pin 'scipy<1.13').")
    if path:
        text += f" Raised for the SciPy at {path}."
    return Explanation(text=text, fix=tuple(fix),
                       derived={"removed_in": removed_in, "replacement": repl})
