"""Computed diagnosis for xla.pjrt-device-config: which PJRT selection went wrong."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    dev = str(facts.get("pjrt_device") or "")
    if sig == "mismatched-pjrt-api-version":
        p, f = facts.get("plugin_api_version"), facts.get("framework_api_version")
        if not p or not f:
            return None
        def _v(x: Any) -> tuple[int, ...]:
            try:
                return tuple(int(t) for t in str(x).split("."))
            except ValueError:
                return (0,)
        newer = "plugin (libtpu / jax plugin)" if _v(p) > _v(f) else "framework (torch_xla / jaxlib)"
        return Explanation(
            text=f"The PJRT plugin speaks C API {p} but the framework expects {f}; the {newer} side is newer.",
            fix=("Install torch_xla, libtpu and jax/jaxlib from the same release line (e.g. torch_xla[tpu]==<torch version> with its libtpu).",
                 "Or keep jax and torch_xla in separate environments."),
            derived={"problem": f"PJRT API {p} vs {f}"},
        )
    if sig == "unknown-pjrt-device" and dev:
        if dev.upper() in ("CUDA", "GPU"):
            text = (f"torch_xla was asked for PJRT_DEVICE '{dev}' but this torch_xla has no {dev} plugin: torch_xla is installed "
                    "in a CUDA environment (often pulled in by another package) and its auto-selection picked the GPU.")
            fix = ("If you do not use XLA: pip uninstall -y torch_xla libtpu (or export PJRT_DEVICE=CPU).",
                   "If you want XLA on GPU: install the torch_xla CUDA plugin of the same version and set PJRT_DEVICE=CUDA, GPU_NUM_DEVICES=N.")
        else:
            text = f"PJRT_DEVICE='{dev}' is not a device this torch_xla knows (TPU, CUDA, CPU, NEURON and registered plugins)."
            fix = ("Set PJRT_DEVICE to TPU / CUDA / CPU / NEURON, matching an installed plugin.",)
        return Explanation(text=text, fix=fix, derived={"problem": f"unknown PJRT_DEVICE {dev}"})
    if sig == "pjrt-device-not-set":
        return Explanation(
            text=("torch_xla needed a runtime device but PJRT_DEVICE is empty and no device was auto-selected, so the computation "
                  "client was never created. This also happens when torch_xla is installed but not wanted (a GPU container or a "
                  "library that imports torch_xla when it finds it)."),
            fix=("Set the device before Python starts: export PJRT_DEVICE=TPU (TPU VM), CUDA (GPU plugin), CPU or NEURON.",
                 "If XLA is not meant to be used: pip uninstall -y torch_xla libtpu."),
            derived={"problem": "PJRT_DEVICE unset"},
        )
    if sig == "defaulting-to-cpu":
        return Explanation(
            text="torch_xla found no TPU (libtpu + /dev/accel0), GPU or Neuron device and runs XLA on the CPU.",
            fix=("On a TPU VM: install the libtpu matching torch_xla and set PJRT_DEVICE=TPU; check ls /dev/accel*.",
                 "If XLA is not used at all, ignore it or uninstall torch_xla."),
            derived={"problem": "CPU fallback"},
        )
    return None
