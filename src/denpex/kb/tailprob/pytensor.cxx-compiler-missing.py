"""Computed diagnosis for pytensor.cxx-compiler-missing: per-backend install advice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ADVICE = {
    "theano": ("PyMC3 / Theano", "conda install -c conda-forge m2w64-toolchain libpython (Windows) or gxx_linux-64 (Linux)",
               "THEANO_FLAGS='cxx='"),
    "aesara": ("PyMC 4 / Aesara", "conda install -c conda-forge gxx (Linux) / m2w64-toolchain (Windows) / clangxx (macOS)",
               "AESARA_FLAGS='cxx='"),
    "pytensor": ("PyMC 5 / PyTensor", "conda install -c conda-forge pymc (pulls the compilers), or gxx (Linux) / clangxx (macOS)",
                 "PYTENSOR_FLAGS='cxx='"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "").lower()
    if backend not in _ADVICE:
        return None
    stack, install, flag = _ADVICE[backend]
    text = (f"{stack} found no g++ and runs every op in Python: it works but sampling is much slower. "
            "This is a warning; if the run also failed, the cause is elsewhere in the log.")
    fix = (f"Install a compiler into the environment: {install}; start Python/Jupyter from that environment.",
           f"To run without C on purpose, silence it with {flag} and use a JAX/numba sampler (nuts_sampler='numpyro' or 'nutpie')."
           if backend == "pytensor" else f"To run without C on purpose, silence it with {flag}.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"{backend} without C++ compiler"})
