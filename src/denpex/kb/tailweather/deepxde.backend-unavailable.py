"""Computed diagnosis for deepxde.backend-unavailable: the backend name and what to install or set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VALID = ("tensorflow.compat.v1", "tensorflow", "pytorch", "jax", "paddle")
_PIP = {
    "tensorflow.compat.v1": "pip install tensorflow",
    "tensorflow": "pip install tensorflow tensorflow-probability",
    "pytorch": "pip install torch",
    "jax": "pip install jax flax optax",
    "paddle": "pip install paddlepaddle",
}
_ALIAS = {
    "torch": "pytorch", "pt": "pytorch", "tf": "tensorflow", "tf2": "tensorflow", "tensorflow2": "tensorflow",
    "tf1": "tensorflow.compat.v1", "tensorflow_compat_v1": "tensorflow.compat.v1", "tensorflow.v1": "tensorflow.compat.v1",
    "paddlepaddle": "paddle", "flax": "jax",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    raw = facts.get("backend")
    name = str(raw).strip().strip("'\"").lower() if raw not in (None, "") else ""
    fix: list[str] = []
    if sig == "no-available-backend":
        diagnosis = "no backend installed"
        text = "No backend was set and none of TensorFlow, PyTorch, JAX or Paddle could be found or installed."
        fix.append("Install one backend in this environment, e.g. pip install torch, then run with DDE_BACKEND=pytorch.")
    elif sig == "api-not-supported-by-backend":
        api = facts.get("api") or "this function"
        diagnosis = f"'{api}' not implemented for backend {name}"
        text = (f"The code calls '{api}', which DeepXDE does not implement for the '{name}' backend; the backend "
                "loaded fine.")
        others = [b for b in _VALID if b != name]
        fix.append(f"Run with another backend that supports it: DDE_BACKEND={others[0] if name != 'tensorflow.compat.v1' else 'pytorch'} "
                   f"(options: {', '.join(others)}), or use an example written for '{name}'.")
    elif name and name not in _VALID:
        guess = _ALIAS.get(name)
        diagnosis = f"'{name}' is not a DeepXDE backend name"
        text = f"The backend is set to '{name}', but DeepXDE accepts only: {', '.join(_VALID)}."
        if guess:
            text += f" '{name}' most likely means '{guess}'."
            fix.append(f"export DDE_BACKEND={guess}  (or python -m deepxde.backend.set_default_backend {guess})")
        else:
            fix.append("export DDE_BACKEND=pytorch (or another installed backend) and fix ~/.deepxde/config.json.")
    elif name:
        diagnosis = f"backend '{name}' not importable"
        text = (f"The backend is set to '{name}' but importing it failed in this Python environment: it is not "
                "installed here or its wheel does not match this Python/CUDA.")
        fix.append(f"{_PIP[name]}  (then: python -c \"import {'torch' if name == 'pytorch' else name.split('.')[0]}\" must succeed)")
        fix.append("Or switch to a backend that is installed: DDE_BACKEND=<name> / python -m deepxde.backend.set_default_backend <name>.")
    else:
        return None
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
