"""Computed diagnosis for cuda.devices-busy: what the GPU's compute mode (when nvidia-smi output
is in the log) says about who may hold the GPU."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MODES = {
    "E. Process": (
        "Exclusive_Process: only one process may hold a context on this GPU, so another process already has it",
        "Find the holder with nvidia-smi --query-compute-apps=pid,process_name --format=csv and stop it, or run this process on a GPU of its own.",
    ),
    "E. Thread": (
        "Exclusive_Thread (legacy mode): only one thread of one process may use the GPU",
        "Use a single thread for CUDA or ask for the mode to be changed (nvidia-smi -c DEFAULT).",
    ),
    "Prohibited": (
        "Prohibited: no process may create a context; the GPU has been taken out of service or reserved",
        "Ask the administrator why the GPU is prohibited (often drained for maintenance) and use another GPU.",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mode = facts.get("compute_mode")
    name = facts.get("cuda_error_name")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if mode in _MODES:
        text, hint = _MODES[mode]
        derived["compute_mode"] = mode
        parts.append(f"nvidia-smi in the log shows the GPU in compute mode {text}")
        fix.append(hint)
    if name:
        api = "driver API (JAX/XLA, CuPy, Numba)" if str(name).startswith("CUDA_ERROR") else "runtime API (PyTorch, CuPy, Thrust)"
        derived["reporting_api"] = api
        parts.append(f"{name} (code 46) comes from the {api}")
    if not parts:
        return None
    return Explanation(text="The GPU refused a new CUDA context; " + "; ".join(parts) + ".", fix=tuple(fix), derived=derived)
