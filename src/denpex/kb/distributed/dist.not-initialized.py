"""Computed diagnosis for dist.not-initialized: what asked for the missing process group."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    ds = facts.get("deepspeed")
    caller = facts.get("caller")
    if ds == "DeepSpeed backend not set":
        where = "deepspeed.comm" + (f".{caller}" if caller else "")
        parts.append("DeepSpeed's communication backend was used before deepspeed.init_distributed(); DeepSpeed keeps its own backend object, so a torch.distributed.init_process_group call alone (older Megatron/GLM scripts) does not set it.")
        fix.append("Call deepspeed.init_distributed(dist_backend='nccl') before any deepspeed.comm / checkpointing.configure call (it also creates torch's default group).")
        fix.append("Launch with the deepspeed launcher or torchrun so RANK/WORLD_SIZE/MASTER_ADDR are set.")
    elif ds:
        where = "deepspeed.initialize"
        parts.append("deepspeed.initialize was told not to initialise distributed (dist_init_required=False) but no process group exists yet.")
        fix.append("Drop dist_init_required=False (or pass True), or call deepspeed.init_distributed() before deepspeed.initialize; launch with the deepspeed launcher or torchrun.")
    elif facts.get("sync_bn"):
        where = "SyncBatchNorm"
        parts.append("SyncBatchNorm reduces batch statistics across processes in training mode, and this process never joined a process group (typically a single-GPU run started with plain python).")
        fix.append("Single process: use BatchNorm instead of SyncBatchNorm (mmseg/mmdet norm_cfg=dict(type='BN'), detectron2 NORM: 'BN'), or convert to SyncBN only when world_size > 1.")
        fix.append("Or keep SyncBN and launch a one-process group: torchrun --standalone --nproc_per_node=1 <script> ...")
    elif facts.get("sampler"):
        where = "DistributedSampler"
        parts.append("DistributedSampler asked the default group for world size and rank, and there is none.")
        fix.append("Without a launcher use a plain sampler (shuffle=True) or DistributedSampler(dataset, num_replicas=1, rank=0); with several GPUs launch through torchrun.")
    elif facts.get("ddp_ctor"):
        where = "DistributedDataParallel"
        parts.append("DistributedDataParallel was constructed before init_process_group (or without a launcher), so it has no group to synchronise gradients over.")
        fix.append("Call dist.init_process_group(...) before wrapping the model in DDP and launch with torchrun; for one GPU without a launcher, do not wrap the model in DDP.")
    elif caller:
        where = f"torch.distributed.{caller}"
        parts.append(f"{where}() ran in a process without a default process group: code written for multi-process runs is executed in a single-process run, or before initialisation.")
        fix.append(f"Guard it: if dist.is_available() and dist.is_initialized(): dist.{caller}(...) (rank 0 / world size 1 otherwise), or launch through torchrun --standalone --nproc_per_node=1.")
    else:
        where = "A torch.distributed call"
    derived: dict[str, Any] = {"where": where}
    if not facts.get("exc_type"):
        derived["exc_type"] = "AssertionError" if ds else "error"
    if not parts:
        return Explanation(text="", fix=(), derived=derived)
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
