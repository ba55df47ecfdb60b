"""Computed diagnosis for prophet.pystan-model-unusable: classify the pystan warning that preceded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    w = str(facts.get("pystan_warning") or "")
    if not w or w.startswith("Something went wrong"):
        return Explanation(
            text="PyStan could not import the compiled Prophet model; the WARNING:pystan line before it names why.",
            fix=("pip install 'prophet>=1.1' (cmdstanpy backend) in a clean environment.",),
            derived={"diagnosis": "compiled Stan model unusable"},
        )
    if "API version" in w or "numpy" in w:
        cause, fix = "numpy C-API mismatch", "Reinstall fbprophet/pystan against the installed numpy (or pin the numpy it was built with), or move to prophet >= 1.1."
    elif "No module named" in w and "stanfit4" in w:
        cause, fix = "compiled model module missing", "The model was never compiled or was removed: reinstall with a working C++ compiler (--no-cache-dir), or use prophet >= 1.1."
    elif "dlopen" in w or "Library not loaded" in w or ".so" in w or "DLL" in w:
        cause, fix = "extension's shared library cannot load", "Install the C++ runtime the extension needs (libstdc++ / MSVC runtime) or reinstall from conda-forge; prophet >= 1.1 avoids it."
    else:
        cause, fix = "compiled Stan model unusable", "Reinstall pystan==2.19.1.1 and fbprophet in a clean env, or use prophet >= 1.1."
    return Explanation(text=f"pystan warned: {w.strip()} -> {cause}.", fix=(fix,),
                       derived={"diagnosis": cause})
