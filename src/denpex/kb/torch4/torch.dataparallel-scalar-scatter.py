"""Computed diagnosis for torch.dataparallel-scalar-scatter: DataParallel scatter (Trainer or own code) vs a
direct chunk on a 0-dim tensor."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dp = bool(facts.get("in_dataparallel"))
    trainer = bool(facts.get("in_trainer"))
    if dp and trainer:
        text = ("nn.DataParallel, selected by the transformers Trainer because several GPUs are visible and the script was not "
                "started by a distributed launcher, tried to split the 0-dim num_items_in_batch tensor across GPUs.")
        fix = ("Launch with DDP: torchrun --nproc_per_node=<num_gpus> train.py (or accelerate launch train.py).",
               "Or run on one GPU: CUDA_VISIBLE_DEVICES=0 python train.py; or upgrade transformers to 4.51+.")
        return Explanation(text=text, fix=fix, derived={"what": "DataParallel scatter of Trainer's scalar num_items_in_batch", "cause": "trainer-dataparallel"})
    if dp:
        text = "nn.DataParallel tried to split a 0-dim (scalar) tensor argument of forward across GPUs."
        fix = ("Pass that argument as a Python number, or give it a dimension (t.unsqueeze(0).expand(n_gpus)); or switch to DDP (torchrun).",)
        return Explanation(text=text, fix=fix, derived={"what": "DataParallel scatter of a 0-dim tensor argument", "cause": "dataparallel-scalar"})
    text = "torch.chunk was called on a 0-dim tensor; chunk needs at least one dimension."
    fix = ("Print the tensor's shape before the chunk; if it is torch.Size([]), unsqueeze(0) it or fix the reduction that dropped its dimensions.",)
    return Explanation(text=text, fix=fix, derived={"what": "chunk on a 0-dim tensor", "cause": "chunk-scalar"})
