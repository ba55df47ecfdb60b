"""Computed diagnosis for prophet.pystan-model-unusable: classify the pystan warning that preceded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") in ("metric-file-keyerror", "stanargs-exception-ignored"):
        arg = str(facts.get("missing_arg") or "metric_file")
        crashed = bool(facts.get("crash"))
        text = (f"The compiled Prophet Stan model asked PyStan for the sampler argument '{arg}', which the installed "
                "PyStan does not pass: the model and PyStan come from different 2.19 builds.")
        if crashed:
            text += " The process then crashed with an access violation (0xC0000005), a consequence of the same mismatch."
        return Explanation(
            text=text,
            fix=("conda install -c conda-forge pystan=2.19.1.1 fbprophet  (same channel for both), or pip install pystan==2.19.1.1 then reinstall fbprophet --no-cache-dir",
                 "Better: pip install 'prophet>=1.1' (cmdstanpy backend, no PyStan)."),
            derived={"diagnosis": f"model compiled for another PyStan build (missing '{arg}')"},
        )
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
