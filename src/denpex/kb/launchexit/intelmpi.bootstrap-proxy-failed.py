"""Computed diagnosis for intelmpi.bootstrap-proxy-failed: decode the launcher's wait status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    host = facts.get("host")
    raw = facts.get("wait_status")
    if not host and raw is None:
        return None
    host = str(host or "a host")
    derived: dict[str, Any] = {}
    try:
        status = int(raw) >> 8 if raw is not None else None
    except (TypeError, ValueError):
        status = None
    if status is not None:
        derived["exit_status"] = status
    if status == 255:
        diagnosis = "ssh to the host failed"
        text = (f"The launcher for {host} exited 255 (wait status {raw}): ssh could not connect or log in - host name not "
                "resolvable, sshd not running/ready, or no passwordless key.")
        fix = (f"ssh -o BatchMode=yes {host} hostname", "Set up key-based ssh, or use the scheduler: export I_MPI_HYDRA_BOOTSTRAP=slurm")
    elif status == 127:
        diagnosis = "proxy binary missing on the host"
        text = f"The launcher for {host} exited 127: hydra_bstrap_proxy was not found at the same path on that host."
        fix = (f"ssh {host} ls $I_MPI_ROOT/bin/hydra_bstrap_proxy", "Install Intel MPI at the same path on every host.")
    elif status is not None:
        diagnosis = f"launcher exit status {status}"
        text = (f"The launcher for {host} exited with status {status} (wait status {raw}) before the proxy connected back; "
                "rerun with I_MPI_HYDRA_DEBUG=1 to see its stderr.")
        fix = ("I_MPI_HYDRA_DEBUG=1 mpiexec ...", "Inside a scheduler allocation use -bootstrap slurm / lsf / pbsdsh.")
    else:
        diagnosis = "bootstrap proxy launch failed"
        text = f"mpiexec could not start its bootstrap proxy on {host}."
        fix = (f"ssh -o BatchMode=yes {host} hostname", "I_MPI_HYDRA_DEBUG=1 mpiexec ... shows the launch command.")
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
