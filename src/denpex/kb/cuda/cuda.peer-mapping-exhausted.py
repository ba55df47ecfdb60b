"""Computed diagnosis for cuda.peer-mapping-exhausted: how many peers the visible GPUs need
against the driver's limit of 8 per device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAX_PEERS = 8
_ERAS = {60: "CUDA < 10.1 runtime (legacy THC / cutorch build)", 711: "CUDA >= 10.1 runtime or driver API"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    code = facts.get("cuda_error_code")
    if isinstance(code, int) and code in _ERAS:
        derived["cuda_runtime_era"] = _ERAS[code]
        parts.append(f"error code {code} is cudaErrorTooManyPeers as numbered by the {_ERAS[code]}")
    n = facts.get("device_count")
    if isinstance(n, int) and n > 0:
        need = n - 1
        derived["peers_needed_per_gpu"] = need
        if need > _MAX_PEERS:
            derived["peers_over_limit"] = need - _MAX_PEERS
            parts.append(
                f"the process sees {n} GPUs, so enabling peer access between all pairs needs {need} peers per GPU, "
                f"{need - _MAX_PEERS} more than the driver's limit of {_MAX_PEERS}"
            )
            fix.append(
                f"Expose at most {_MAX_PEERS + 1} GPUs per process (each then needs at most {_MAX_PEERS} peers): e.g. "
                f"CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 for one process and the other {n - 8} GPUs for a second one, or one process per GPU (DDP)."
            )
        else:
            parts.append(
                f"the process sees only {n} GPUs ({need} peers per GPU, within the limit of {_MAX_PEERS}), so other software on the node "
                "(another process, CUDA-aware MPI, Xorg) must already hold peer connections on these GPUs"
            )
            fix.append("Look for other processes or libraries using the same GPUs (nvidia-smi, MPI settings) and free their peer connections, or run this job alone on the node.")
    a, b = facts.get("peer_from"), facts.get("peer_to")
    if isinstance(a, int) and isinstance(b, int):
        top = max(a, b)
        derived["highest_ordinal"] = top
        parts.append(
            f"TensorFlow could not enable P2P between GPU {a} and GPU {b}; with ordinal {top} at least {top + 1} GPUs are visible, "
            f"more than the {_MAX_PEERS + 1} that all-pairs P2P allows; TensorFlow falls back to copies through host memory for that pair"
        )
    if not parts:
        return None
    return Explanation(text="Peer-to-peer access was requested beyond the per-device limit; " + "; ".join(parts) + ".", fix=tuple(fix), derived=derived)
