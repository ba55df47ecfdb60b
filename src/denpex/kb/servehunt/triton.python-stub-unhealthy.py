"""Computed diagnosis for triton.python-stub-unhealthy: which model instance and what to check."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    inst = facts.get("instance")
    sig = facts.get("_signature")
    if isinstance(inst, str) and inst.strip():
        inst = inst.strip()
        model = re.sub(r"(?:_\d+){1,2}\Z", "", inst) or inst
        text = (
            f"The Python backend stub of instance '{inst}' (model '{model}') died or stopped answering; "
            "requests routed to it fail until the stub is restarted and the model reloaded."
        )
        derived = {"instance": inst, "model": model}
    elif sig == "restart":
        model = "<model>"
        text = (
            "Triton found a Python backend stub dead after a request and is killing and relaunching it; "
            "the model's initialize() runs again."
        )
        derived = {}
    else:
        return None
    fix = (
        "dmesg | grep -i -E 'killed process|segfault'   (OOM kill or native crash of triton_python_backend_stub)",
        "docker run --shm-size=1g (or --ipc=host): the default 64 MiB /dev/shm is too small for many models",
        f"run models/{model}/1/model.py execute() outside Triton with the failing input to find the crash",
        "--backend-config=python,stub-timeout-seconds=120 if execute() is only slow",
    )
    return Explanation(text=text, fix=fix, derived=derived)
