"""Computed diagnosis for openmpi.executable-not-found: what the launcher tried to exec and why it likely failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INTERPRETERS = ("python", "python3", "julia", "Rscript", "java", "bash", "torchrun", "deepspeed")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exe = facts.get("executable")
    launcher = facts.get("launcher") or "mpiexec (Hydra)"
    node = facts.get("node")
    if not exe:
        return None
    where = f" on {node}" if node else ""
    fix: list[str] = []
    base = str(exe).rsplit("/", 1)[-1]
    if "=" in str(exe) or str(exe).isupper() or str(exe).startswith("-"):
        text = (
            f"{launcher} took '{exe}' as the program to run: it is an option or environment variable, "
            "so an argument before it was not understood (a misspelled option or VAR=value placed after mpirun)."
        )
        fix.append("Pass variables with -x VAR=value (Open MPI) or -genv VAR value (Hydra), and check the spelling of the options before the program.")
    elif "/" not in str(exe):
        text = f"{launcher} could not find '{exe}' on the PATH of the process that starts ranks{where}."
        if base in _INTERPRETERS:
            text += f" '{exe}' is usually found only after conda activate / module load, which the remote daemon does not run."
        fix.append(f"Use the absolute path: mpirun ... $(which {exe}) ..., or forward the environment with -x PATH -x LD_LIBRARY_PATH.")
    else:
        text = f"{launcher} could not execute '{exe}'{where}: the path does not exist there, is not executable, or its #! interpreter is missing."
        fix.append(f"ssh {node or '<node>'} ls -l {exe} ; chmod +x it, use an absolute path on a shared filesystem, and dos2unix scripts.")
    reason = facts.get("reason")
    if reason:
        text += f" The OS said: {reason}."
    return Explanation(text=text, fix=tuple(fix), derived={"launcher": launcher})
