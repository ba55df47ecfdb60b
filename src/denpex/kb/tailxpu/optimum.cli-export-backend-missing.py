"""Computed diagnosis for optimum.cli-export-backend-missing: map the backend to its package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PACKAGES = {
    "neuron": ("optimum-neuron", "pip install --upgrade 'optimum[neuronx]'"),
    "neuronx": ("optimum-neuron", "pip install --upgrade 'optimum[neuronx]'"),
    "openvino": ("optimum-intel", "pip install --upgrade 'optimum[openvino]'"),
    "inc": ("optimum-intel", "pip install --upgrade 'optimum[neural-compressor]'"),
    "ipex": ("optimum-intel", "pip install --upgrade 'optimum[ipex]'"),
    "executorch": ("optimum-executorch", "pip install --upgrade optimum-executorch"),
    "tpu": ("optimum-tpu", "pip install --upgrade optimum-tpu"),
    "habana": ("optimum-habana", "pip install --upgrade optimum-habana"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "").strip().lower()
    if not backend:
        return None
    choices = str(facts.get("choices") or "").replace("'", "").strip()
    pkg, cmd = _PACKAGES.get(backend, (f"the optimum backend package providing '{backend}'", f"pip install the package that registers '{backend}'"))
    text = (f"optimum-cli only registered [{choices}]: the '{backend}' exporter comes from {pkg}, which is missing, "
            "fails to import, or does not match the installed optimum.")
    fix: tuple[str, ...] = (cmd + "  # resolves optimum and the backend together",)
    if backend in _PACKAGES:
        module = pkg.replace("-", ".", 1)
        fix += (f"python -c \"import {module}\"  # if this raises, that import error is why the subcommand is missing",)
    return Explanation(text=text, fix=fix, derived={"package": pkg, "diagnosis": f"{pkg} not registered"})
