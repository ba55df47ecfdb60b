"""Computed diagnosis for torch.dataparallel-gather-shape-mismatch: which replica and which dimension differ,
and whether the transformers Trainer chose DataParallel."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(raw: Any) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", str(raw or ""))]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    got = _dims(facts.get("got"))
    expected = _dims(facts.get("expected"))
    if not got or not expected:
        return None
    index = facts.get("index")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    replica = f"replica {index}" if isinstance(index, int) else "one replica"
    if len(got) != len(expected):
        parts.append(f"The outputs of the GPUs have different numbers of dimensions ({len(got)} vs {len(expected)}).")
        derived["differing_dims"] = "rank"
    else:
        diff = [i for i, (a, b) in enumerate(zip(got, expected)) if a != b]
        derived["differing_dims"] = ",".join(str(i) for i in diff)
        desc = ", ".join(f"dim {i}: {got[i]} vs {expected[i]}" for i in diff)
        parts.append(f"nn.DataParallel concatenates the per-GPU outputs along dim 0; {replica} returned {got}, but {expected} was expected ({desc}).")
        if (diff and len(got) <= 3 and diff[-1] == len(got) - 1) or diff == [1]:
            parts.append(
                "The differing dimension looks like a sequence length: each GPU's output length followed its own chunk of the batch "
                "(padding/trimming per chunk, lengths read from the chunk's attention mask), so the replicas cannot be concatenated."
            )
        elif diff and len(got) >= 4:
            parts.append(
                "A non-batch dimension of a 4-D/5-D output differs (heads, layers, channels or past key values): a tensor argument that is "
                "not batch-first was split along dim 0 by DataParallel, so each replica got a different piece of it."
            )
    if facts.get("in_trainer"):
        parts.append("The run goes through a transformers-style Trainer, which wraps the model in DataParallel by itself when several GPUs are visible and no distributed launcher started the script.")
        derived["launcher"] = "Trainer DataParallel"
    fix.append("Run with DDP instead of DataParallel: torchrun --nproc_per_node=<number of GPUs> <script> ... (or the repo's torch.distributed.launch script).")
    fix.append("Or use a single GPU: CUDA_VISIBLE_DEVICES=0 python <script> ...")
    fix.append("Or return only fixed-size outputs from forward (the loss; pad to a fixed max_length, no hidden states/attentions).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
