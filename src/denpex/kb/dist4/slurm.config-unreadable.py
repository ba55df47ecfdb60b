"""Computed diagnosis for slurm.config-unreadable: which configuration file and what that path suggests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("conf_path") or "")
    tool = facts.get("tool") or "the Slurm command"
    if not path and not facts.get("tool"):
        return None
    fix: list[str] = []
    if "conf-cache" in path:
        text = f"{tool} could not read {path}: a configless node whose slurmd has not cached this file."
        fix.append("Administrators: restart slurmd on that node (or scontrol reconfigure) so conf-cache is refreshed; drain it meanwhile.")
    elif path.endswith("slurm.conf") or not path:
        where = path or "slurm.conf (nor a slurmctld through the configless DNS SRV lookup)"
        text = f"{tool} found no Slurm configuration at {where}."
        if "slurm-llnl" in path:
            text += " /etc/slurm-llnl is the Debian/Ubuntu slurm-client default: the commands are installed here but this machine is not configured as part of a cluster."
        fix.append("If this is not a Slurm cluster, run the program the sbatch/srun script wraps directly (python ... / torchrun ...).")
        fix.append(f"If it is, submit from the login node, bind-mount /etc/slurm into the container, or export SLURM_CONF=<path to slurm.conf>.")
    else:
        text = f"{tool} could not read {path}, a file slurm.conf refers to (Include or plugin configuration)."
        fix.append(f"Create {path} or fix the Include line / plugin setting that names it (administrators).")
    return Explanation(text=text, fix=tuple(fix), derived={})
