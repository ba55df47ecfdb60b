"""Computed diagnosis for nccl.version-mismatch: decode NCCL version codes and say which rank is newer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def decode(code: int) -> str:
    """NCCL_VERSION(X,Y,Z): X*10000+Y*100+Z from 2.9 on, X*1000+Y*100+Z before."""
    if code >= 10000:
        return f"{code // 10000}.{(code % 10000) // 100}.{code % 100}"
    return f"{code // 1000}.{(code % 1000) // 100}.{code % 100}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ra, va, rb, vb = facts.get("peer_rank"), facts.get("peer_version"), facts.get("rank"), facts.get("version")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if isinstance(va, int) and isinstance(vb, int):
        sa, sb = decode(va), decode(vb)
        derived["peer_nccl_version"] = sa
        derived["nccl_version_here"] = sb
        newer, older = ((ra, sa), (rb, sb)) if va > vb else ((rb, sb), (ra, sa))
        derived["what"] = f"install the same NCCL on every node: rank {ra} runs NCCL {sa}, rank {rb} runs NCCL {sb}"
        parts.append(f"Rank {ra} loaded NCCL {sa} (code {va}) and rank {rb} NCCL {sb} (code {vb}); NCCL refuses to build a communicator across versions.")
        parts.append(f"Rank {newer[0]} has the newer library ({newer[1]}), rank {older[0]} the older ({older[1]}).")
        fix.append(f"On the nodes of ranks {ra} and {rb} compare: python -c 'import torch; print(torch.__version__, torch.cuda.nccl.version())' and pip show nvidia-nccl-cu12.")
        fix.append(f"Align them: pin the same torch / nvidia-nccl wheels (or one image), or drop a system libnccl {older[1] if older[1] != newer[1] else ''} from LD_LIBRARY_PATH on the odd node.")
    elif facts.get("local_version") and facts.get("remote_version"):
        lv, rv = facts["local_version"], facts["remote_version"]
        derived["what"] = f"install the same NCCL on every node: local {lv}, peer {rv}"
        parts.append(f"This node runs NCCL {lv} but its RAS peer runs {rv}.")
        fix.append("Deploy one NCCL version (same image / pinned wheels) to every node.")
    else:
        return None
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
