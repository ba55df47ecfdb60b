"""Computed diagnosis for triton.python-backend-shm: how large the region was, at load or at
inference, and the /dev/shm size to give the container."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _mib(n: int) -> str:
    return f"{n / 1048576:.0f} MiB" if n >= 1048576 else f"{n} bytes"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    key = str(facts.get("key") or "").strip()
    err = str(facts.get("os_error") or "").strip()
    try:
        req = int(facts.get("requested_bytes") or 0)
    except (TypeError, ValueError):
        req = 0
    if not sig and not key and not req:
        return None
    at_load = sig == "initialize-key"
    what = "create" if at_load else "grow"
    region = f"'{key}'" if key else "its region"
    parts = []
    if at_load:
        parts.append(f"A Python-backend model instance could not create shared-memory region {region}"
                     + (f" of {_mib(req)}" if req else "") + " in /dev/shm, so that model is UNAVAILABLE.")
    else:
        parts.append(f"A request needed region {region} to grow" + (f" to {_mib(req)}" if req else "")
                     + " in /dev/shm and it could not, so that inference failed.")
    if err:
        parts.append(f"The OS answered '{err}'" + (" - /dev/shm is full." if "space" in err.lower() else "."))
    suggested = "1g"
    if req:
        gib = max(1, -(-4 * req // (1 << 30)))
        suggested = f"{gib}g"
    fix = [
        f"Raise /dev/shm: docker run --shm-size={suggested} ... (compose: shm_size), or in Kubernetes an emptyDir {{medium: Memory, sizeLimit: {suggested.upper()}i}} mounted at /dev/shm.",
        "Check it from inside the container: df -h /dev/shm; ls -la /dev/shm (one triton_python_backend_shm_region_* per Python instance).",
    ]
    if at_load:
        fix.append("Or shrink each region: --backend-config=python,shm-default-byte-size=1048576 (and fewer instances in instance_group).")
    return Explanation(text=" ".join(parts), fix=tuple(fix),
                       derived={"what": what, "key": key or "(unnamed)"})
