"""Computed diagnosis for nbclient.dead-kernel: startup failure or death during a cell."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "died-before-kernel-info":
        kid = facts.get("kernel_id")
        which = f" (kernel {kid})" if kid else ""
        text = (f"The kernel process{which} exited before it answered its first kernel_info request: it never started. "
                "This is an environment problem of the kernel (broken ipykernel/pyzmq, a kernelspec pointing at a removed "
                "Python, a crash on import) or a start-up timeout on an overloaded machine, not a problem of a cell.")
        fix = ("Start the kernel by hand with the kernelspec's python: python -m ipykernel_launcher --help (errors show directly).",
               "Reinstall it: python -m pip install -U ipykernel pyzmq && python -m ipykernel install --user.",
               "On busy CI runners raise the start-up timeout (papermill --start-timeout 120 / NotebookClient(startup_timeout=120)).")
        return Explanation(text=text, fix=fix, derived={"phase": "at kernel start-up"})
    if sig in ("dead-kernel-error", "died-waiting-for-reply"):
        text = ("The kernel process disappeared while a cell was running. The executor cannot see why: most often the OOM "
                "killer (check dmesg / the runner's memory), otherwise a native crash (segfault, abort) in a library.")
        fix = ("Run the notebook as a script (jupyter nbconvert --to script nb.ipynb && python -X faulthandler nb.py) to see the crash.",
               "On CI, use a smaller data/parameter set for executed notebooks or a runner with more RAM.")
        return Explanation(text=text, fix=fix, derived={"phase": "while a cell was running"})
    return None
