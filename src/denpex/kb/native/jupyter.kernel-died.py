"""Computed diagnosis for jupyter.kernel-died: which front end reported it and where the kernel's own error went."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    nb, kernel, restart, mx = facts.get("notebook"), facts.get("kernel"), facts.get("restart"), facts.get("max_restarts")
    derived: dict[str, Any] = {"what": f"kernel for {nb}" if nb else (f"kernel '{kernel}'" if kernel else "the notebook kernel")}
    parts = [f"The Jupyter kernel process{f' for {nb}' if nb else ''}{f' ({kernel})' if kernel else ''} died; the notebook UI only sees the process vanish. "
             "The cause is in the kernel's own stderr, which the notebook does not show: usually the host OOM killer (a large tensor, dataset or model in RAM), "
             "or a native crash (segfault, abort, OpenMP Error #15, illegal instruction) in a library the cell called."]
    fix: list[str] = []
    if restart is not None:
        parts.append(f"The server is restarting it (attempt {restart}" + (f" of {mx}" if mx is not None else "") + "): a crash that repeats on start (an import in a startup file, a broken package) will exhaust the restarts.")
    fix.append("Read the kernel's stderr: the terminal where jupyter lab/notebook was started, or in VS Code the Jupyter output channel (View > Output > Jupyter).")
    fix.append("Check for the OOM killer: dmesg -T | grep -i -E 'killed process|out of memory' (or journalctl -k) at the crash time; watch RAM with free -h while the cell runs.")
    fix.append("Reproduce outside Jupyter: export the cell to a script and run python -X faulthandler script.py - the real error (Killed, Segmentation fault, OMP: Error #15, ...) is printed there.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
