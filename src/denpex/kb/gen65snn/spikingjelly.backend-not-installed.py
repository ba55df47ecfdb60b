"""Computed diagnosis for spikingjelly.backend-not-installed: what the hidden import error says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("backend_lib") or "CuPy")
    err = str(facts.get("import_error") or "")
    fix: list[str] = []
    if lib == "Lava-DL":
        text = ("A neuron was built with backend='lava' but lava.lib.dl.slayer could not be imported.")
        fix.append("Install lava-dl in this environment, or build the neuron with backend='torch'.")
        return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": "lava-dl missing"})
    low = err.lower()
    if "tensorboard" in low:
        text = (f"SpikingJelly's hidden import error is '{err}': its CUDA kernel helper needs tensorboard, and that "
                "failure is reported as 'CuPy is not installed!'.")
        fix.append("pip install tensorboard (CuPy itself may be fine).")
    elif "cupy" in low or "libcu" in low or "cuda" in low:
        text = (f"SpikingJelly's hidden import error is '{err}': CuPy is missing or cannot load its CUDA libraries.")
        fix.append("Install the cupy-cudaXXx wheel matching torch.version.cuda and remove other cupy* packages.")
    elif err:
        text = f"SpikingJelly's hidden import error is '{err}'."
        fix.append("Fix that import (it is what made SpikingJelly set cupy = None).")
    else:
        text = ("A neuron was built with backend='cupy' but SpikingJelly's guarded import of CuPy and its kernel "
                "helpers failed; the reason is only logged at INFO level.")
        fix.append("Run with logging at INFO (logging.basicConfig(level=logging.INFO)) to see the real import error.")
    fix.append("Or use backend='torch' for the neurons (same results, slower).")
    return Explanation(text=text, fix=tuple(fix))
