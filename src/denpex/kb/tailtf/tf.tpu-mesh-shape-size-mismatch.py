"""Computed diagnosis for tf.tpu-mesh-shape-size-mismatch: count the mesh entries the TPU sent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("mesh_shape")
    if not isinstance(raw, str):
        return None
    try:
        dims = [int(p) for p in raw.split()]
    except ValueError:
        return None
    n = len(dims)
    if n == 3 and all(d > 0 for d in dims):
        devices = dims[0] * dims[1] * dims[2]
        diagnosis = "TPU runtime older than client TF (3-D mesh)"
        text = (f"The TPU worker sent a 3-entry mesh {dims} (covering {devices} TPU cores): that is the pre-TF-2.3 topology format, "
                "parsed by a TF 2.3+ client. The client TensorFlow is newer than the TPU software.")
        fix = ("Pin the client TensorFlow to the TPU runtime version (Colab: the preinstalled one; Cloud TPU: its --version), "
               "including tensorflow-text / t5 pins, then restart.",)
    elif n == 0 or any(d < 1 for d in dims):
        diagnosis = "no valid topology returned"
        text = f"The topology had mesh_shape {dims}: the TPU did not return a valid topology (not initialised, or wrong address)."
        fix = ("Check the TPU name/address and that initialize_tpu_system succeeded; recreate the TPU if it is unhealthy.",)
    else:
        diagnosis = f"{n}-entry mesh from another TF version"
        text = f"The TPU worker sent {n} mesh entries {dims}; the client expects 4: client and TPU software versions differ."
        fix = ("Use the same TensorFlow version on the client as on the TPU runtime.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "mesh_entries": n})
