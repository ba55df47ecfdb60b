"""Computed diagnosis for ultralytics.ddp-subprocess-failed: what the DDP command was and how to see the ranks' error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    nproc = facts.get("nproc_per_node")
    port = facts.get("master_port")
    temp = facts.get("temp_file")
    status = facts.get("exit_status")
    local = facts.get("local_rank")
    if nproc is None and temp is None:
        return None
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    windows = isinstance(temp, str) and ("\\" in temp or (len(temp) > 1 and temp[1] == ":"))
    if isinstance(nproc, int):
        derived["world_size"] = nproc
        devices = ",".join(str(i) for i in range(nproc))
        derived["headline"] = f"Ultralytics DDP: the {nproc}-GPU child run (torch.distributed.run) failed with status {status}; the cause is a rank's error"
        parts.append(f"Ultralytics started {nproc} ranks with torch.distributed.run on a temporary script"
                     + (f" (master port {port})" if port is not None else "")
                     + f", and that run exited with status {status}: at least one rank failed.")
        fix.append(f"Run the same training from a terminal (not a notebook) to see the ranks' errors: yolo train model=<model.pt> data=<data.yaml> device={devices}")
    else:
        derived["headline"] = f"Ultralytics DDP: the per-rank child (--local_rank={local}) failed with status {status}"
        parts.append(f"Ultralytics started the temporary DDP script once per rank (this one with --local_rank={local}) and that process exited with status {status}.")
    parts.append("The CalledProcessError only relays the child's exit; the cause is the first rank traceback or torchrun 'Root Cause' block above it. "
                 "In Jupyter/Kaggle/Colab the children's output is not shown in the cell.")
    fix.append("Reproduce on one GPU for a plain traceback: model.train(..., device=0)")
    if windows:
        derived["platform"] = "Windows"
        parts.append("The paths are Windows paths: multi-GPU DDP on Windows has no NCCL backend and often fails for that reason alone.")
        fix.append("On Windows train on one GPU, or run multi-GPU training under Linux/WSL2.")
    if temp:
        derived["temp_file"] = temp
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
