"""Computed diagnosis for vscode.kernel-start-port-timeout: env name and Python version from the kernel label."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kernel = str(facts.get("kernel") or "").strip()
    if not kernel:
        return None
    m = re.search(r"^(?P<env>.*?)\s*\((?:Python )?(?P<ver>\d+\.\d+(?:\.\d+)?)\)\s*$", kernel)
    env = m.group("env") if m else kernel
    ver = m.group("ver") if m else ""
    connection = facts.get("_signature") == "connection-timeout"
    what = ("started but did not answer on its ports" if connection
            else "did not bind its ZMQ ports before VS Code's start-up timeout")
    text = f"The kernel of environment '{env}'" + (f" (Python {ver})" if ver else "") + f" {what}."
    fix = [f"Activate '{env}' in a terminal and run: python -m ipykernel_launcher  (does it start, how long?)",
           "python -m pip install -U ipykernel pyzmq  (in that env)"]
    diagnosis = "kernel start timed out"
    if env.startswith(".venv") or env == "venv":
        fix.append("A fresh .venv is often missing ipykernel or is scanned by antivirus on first start: run the kernel once by hand.")
    if ver and tuple(int(x) for x in ver.split(".")[:2]) >= (3, 13):
        diagnosis = "kernel start timed out on a very new Python"
        fix.append(f"Python {ver}: check that ipykernel/pyzmq wheels support it (upgrade them) or use 3.12.")
    return Explanation(text=text, fix=tuple(fix),
                       derived={"diagnosis": diagnosis, "python_version": f" (Python {ver})" if ver else ""})
