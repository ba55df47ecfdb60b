"""Computed diagnosis for slurm.chdir-failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cwd = str(facts.get("cwd") or "")
    reason = str(facts.get("reason") or "")
    if not cwd:
        return None
    if "Permission" in reason:
        why = f"{cwd} exists on the node but the job's user cannot enter it"
        first = f"Fix the permissions on {cwd} (every parent directory needs x for the job user; root-squashed NFS blocks root)."
    else:
        why = f"{cwd} does not exist on the compute node (or inside its container)"
        first = f"Submit from a shared filesystem path, or mount {cwd} on the nodes / into the container (pyxis: --container-mounts={cwd}:{cwd})."
    local = cwd.startswith(("/root", "/tmp", "/scratch", "/local"))
    text = f"{why}; Slurm ran the task in /tmp, so relative paths of the job point into /tmp."
    if local:
        text += f" {cwd} looks like a node-local path."
    fix = (first, "Or set #SBATCH --chdir=<shared dir> and use absolute paths for scripts, data and outputs.")
    return Explanation(text=text, fix=fix, derived={})
