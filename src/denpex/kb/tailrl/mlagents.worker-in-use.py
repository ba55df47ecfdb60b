"""Computed diagnosis for mlagents.worker-in-use: the TCP port the worker id maps to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PLAYER_BASE = 5005
_EDITOR_PORT = 5004


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        worker = int(facts["worker_id"])
    except (KeyError, TypeError, ValueError):
        return None
    port = _PLAYER_BASE + worker
    if worker == 0:
        diagnosis = "two environments both use worker_id 0"
        text = (f"Worker 0 maps to port {port} with a built player ({_EDITOR_PORT} when training in the Editor). "
                "Another UnityEnvironment, trainer or stale socket already holds it: every parallel copy that keeps the "
                "default worker_id=0 collides with the first.")
    else:
        diagnosis = f"worker_id {worker} reused"
        text = (f"Worker {worker} maps to port {port} (default base_port 5005 + {worker}). Another environment was "
                f"created with the same worker_id and base_port, or the port of a closed one is still in TIME_WAIT.")
    fix = (
        f"Check who holds the port: lsof -iTCP:{port} -sTCP:LISTEN",
        "Give every concurrent environment its own worker_id (e.g. worker_index * num_envs_per_worker + vector_index) "
        "or a distinct base_port per job (mlagents-learn --base-port).",
        "Close environments in a finally block; after a crash wait ~60 s or pick another worker_id.",
    )
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "port": port})
