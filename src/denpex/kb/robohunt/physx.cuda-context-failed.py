"""Computed diagnosis for physx.cuda-context-failed: what the CUDA error code points to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    400: ("invalid handle: the kernel image could not be used on this GPU", "unsupported GPU architecture for this release (e.g. GTX 10xx with Isaac Sim 4.x+)"),
    209: ("no kernel image for this device", "unsupported GPU architecture"),
    700: ("illegal memory access: an earlier kernel fault poisoned the context", "a crash earlier in the simulation (bad asset, exploding sim) or a driver/runtime mismatch"),
    2: ("out of memory", "GPU memory already in use or too many environments"),
    222: ("PTX JIT compilation failed / unsupported toolchain", "driver too old for the kernels shipped (or a Jetson with the desktop build)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    code = facts.get("cuda_error")
    ctx_error = facts.get("ctx_error")
    kernel = facts.get("kernel")
    fix = [
        "Compare nvidia-smi (GPU model, driver) with the Isaac Sim release's supported GPUs and driver branch.",
        "unset LD_LIBRARY_PATH (no foreign CUDA toolkit in the process) and retry.",
        "Confirm the rest of the setup with --device cpu.",
    ]
    if isinstance(code, int) and code in _CODES:
        what, cause = _CODES[code]
        where = f" (kernel '{kernel}')" if kernel else ""
        text = f"PhysX GPU work failed with CUDA error {code}{where}: {what}. Likely: {cause}."
        if code == 400 or code == 209:
            fix.insert(0, "Run on a supported RTX-class GPU: this card cannot run the PhysX kernels of this release.")
        if code == 700:
            fix.insert(0, "Find the first error in the log (before the context errors): the illegal access happened there.")
        return Explanation(text=text, fix=tuple(fix), derived={"cause": what})
    if ctx_error:
        err = str(ctx_error).strip()
        if "out of memory" in err:
            return Explanation(
                text="The PhysX tensor plugin could not create its CUDA context because the GPU is out of memory.",
                fix=("nvidia-smi: stop other processes on that GPU (stale Kit/python processes), or select an idle one with CUDA_VISIBLE_DEVICES / --device cuda:N.",
                     "Lower --num_envs or rendering resolution."),
                derived={"cause": "GPU out of memory"})
        return Explanation(text=f"PhysX could not create its CUDA context: {err}.", fix=tuple(fix), derived={"cause": err})
    if sig == "context-manager-error":
        return Explanation(
            text="GPU PhysX lost its CUDA context and keeps recreating it; the kernel launch errors printed next to it name the failing step.",
            fix=tuple(fix), derived={"cause": "GPU kernel launches failing"})
    return Explanation(text="GPU PhysX could not create a CUDA context.", fix=tuple(fix), derived={"cause": "no CUDA context"})
