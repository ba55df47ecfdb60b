"""Computed diagnosis for dist.address-in-use: which port, and how to find who holds it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    port = facts.get("port")
    nproc = facts.get("nproc_per_node")
    if port is None and nproc is None:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if isinstance(port, int):
        derived["default_port"] = port == 29500
        parts.append(f"Port {port} is already bound by another process on this host, so the TCPStore server could not listen on it.")
        if port == 29500:
            parts.append("29500 is torchrun's default MASTER_PORT: a second job on the same node, or leftovers of a previous run, collide with it.")
        elif port < 1024:
            parts.append("Ports below 1024 are also privileged; choose a high port.")
        fix.append(f"Find the owner: ss -ltnp 'sport = :{port}'  (or lsof -iTCP:{port} -sTCP:LISTEN), then kill the stale process by pid.")
        fix.append("Or give this job its own port: torchrun --master_port=$((20000 + RANDOM % 20000)) ... (single node: torchrun --standalone).")
    if isinstance(nproc, int) and nproc > 1:
        parts.append(
            f"The job starts {nproc} workers per node; only one process (rank 0 / the rendezvous host) may create the store. "
            "If every worker reports this error, the workers do not get distinct RANKs (a hardcoded init_method or MASTER_PORT in the script, or a launcher started inside a launcher)."
        )
        fix.append("Let the launcher set MASTER_ADDR/MASTER_PORT/RANK; do not overwrite them in the script.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
