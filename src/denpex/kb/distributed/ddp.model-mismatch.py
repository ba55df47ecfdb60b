"""Computed diagnosis for ddp.model-mismatch: what the two numbers in DDP's check mean and which rank to look at."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation

_COMM_FIX = (
    "The counts never arrived, so fix the communication, not the model. Rerun once with NCCL_DEBUG=INFO. "
    "On one node, try NCCL_P2P_DISABLE=1 (broken GPU peer-to-peer: PCIe ACS/IOMMU, VMs, consumer boards). "
    "Across nodes, set NCCL_SOCKET_IFNAME to the interface the nodes share, check NCCL_IB_HCA / NCCL_IB_GID_INDEX, "
    "and set accelerate's same_network correctly."
)


def _shape_explain(facts: Mapping[str, Any]) -> Explanation:
    rank = as_int(facts.get("rank"))
    idx = as_int(facts.get("param_index"))
    sizes = str(facts.get("sizes") or "")
    kind = str(facts.get("kind") or "sizes")
    who = f"rank {rank}" if rank is not None else "this rank"
    dims = [int(x) for x in re.findall(r"-?\d+", sizes)]
    derived: dict[str, Any] = {"odd_rank": rank} if rank is not None else {}
    fix: list[str] = []
    if kind == "strides":
        derived["verdict"] = f"parameter #{idx} (shape {sizes}) has a different memory layout (strides) than on rank 0" + ("; detected" if rank is not None else "")
        text = (
            f"The parameter counts and shapes agree, but parameter #{idx} (shape {sizes}) on {who} is laid out differently "
            "in memory from rank 0's copy (for example channels_last, a transposed view, or a slice on one rank only)."
        )
        fix.append("Apply the same layout on every rank before wrapping: model.to(memory_format=torch.channels_last) everywhere or nowhere, "
                   "or make the parameter contiguous (p.data = p.data.contiguous()).")
    else:
        derived["verdict"] = f"parameter #{idx} has shape {sizes} here but another shape on rank 0, so the models are built differently" + ("; detected" if rank is not None else "")
        text = (
            f"Both ranks have the same number of trainable parameters, but parameter #{idx} has shape {sizes} on {who} "
            "and a different shape on rank 0, so the models were built from different settings."
        )
        if idx == 0 or (len(dims) == 2 and dims[0] > 20000):
            text += (
                f" Parameter #{idx} with shape {sizes} looks like a token embedding: the vocabulary size differs. "
                "Usually resize_token_embeddings(len(tokenizer)) ran with a tokenizer that had extra tokens added on only some ranks, "
                "or the ranks loaded different checkpoints or tokenizers."
            )
            fix.append("Add the special tokens and call model.resize_token_embeddings(len(tokenizer)) identically on every rank, before DDP / accelerator.prepare.")
        fix.append(f"Find the parameter on each rank: [n for n, p in model.named_parameters() if p.requires_grad][{idx}] and print its shape; "
                   "then make the config (num_labels, vocab, hidden sizes, checkpoint) the same on every rank.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("param_index") is not None or facts.get("sizes"):
        return _shape_explain(facts)
    rank = as_int(facts.get("rank"))
    mine = as_int(facts.get("params"))
    other = as_int(facts.get("other_rank"))
    theirs = as_int(facts.get("other_params"))
    if mine is None or theirs is None:
        return None
    derived: dict[str, Any] = {"odd_rank": other}
    fix: list[str] = []
    r, o = (f"rank {rank}" if rank is not None else "this rank"), (f"rank {other}" if other is not None else "the other rank")
    if theirs == 0:
        derived["cause"] = "communication"
        derived["verdict"] = f"{o} never delivered its parameter count (read as 0): NCCL communication failure or a stuck {o}, not a model difference; detected"
        text = (
            f"{r.capitalize()} has {mine} trainable parameter tensors and read 0 for {o}. 0 is not a real count; it is the empty receive buffer of "
            f"DDP's first allgather, which did not deliver. {o.capitalize()} never took part in time: it was stuck or crashed before "
            "wrapping the model, or NCCL cannot move data between these GPUs/nodes. When every other rank names the same rank, "
            "that rank is the one to inspect."
        )
        fix.append(_COMM_FIX)
        fix.append(f"If {o} was late (still downloading, tokenizing or preprocessing), make the ranks wait for each other: "
                   "`with accelerator.main_process_first():` around dataset preparation, or dist.barrier(), and check it with py-spy dump on that rank.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if theirs < 0 or theirs > max(100 * mine, 1_000_000):
        derived["cause"] = "desync"
        derived["verdict"] = f"the count received from {o} is garbage ({theirs}): the ranks were running different collectives (desync); detected"
        text = (
            f"{r.capitalize()} has {mine} parameter tensors; the value received for {o} ({theirs}) is not a parameter count. "
            f"{o.capitalize()} was in a different collective (evaluation, checkpoint loading, a barrier or a broadcast) while {r} "
            "built a DDP wrapper, so the bytes came from another operation. Typical causes are a second DDP wrap or a rank-0-only "
            "code path that calls a collective."
        )
        fix.append("Make every rank execute the same collectives in the same order before and during the DDP wrap; wrap the model once. "
                   "Rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL to have the mismatched collective named.")
        fix.append("HF Trainer at the end of training (load_best_model_at_end): upgrade transformers/accelerate, or load the best "
                   "checkpoint after training on all ranks instead of rank 0 only.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    diff = mine - theirs
    derived["cause"] = "model"
    derived["param_diff"] = diff
    more, fewer = (r, o) if diff > 0 else (o, r)
    derived["verdict"] = f"{r} has {mine} trainable parameter tensors, {o} has {theirs}: the models really differ ({abs(diff)} more on {more}); detected"
    text = (
        f"Both numbers are real counts: {r} has {mine} trainable parameter tensors and {o} has {theirs}, so {more} has {abs(diff)} "
        f"more than {fewer}. DDP counts only parameters with requires_grad=True, so the ranks built or froze the model differently."
    )
    if abs(diff) <= 4:
        text += f" A difference of {abs(diff)} looks like one extra layer or head (a weight and a bias), or one module frozen on only some ranks."
    else:
        text += f" A difference of {abs(diff)} looks like whole blocks or adapters (e.g. LoRA added on only some ranks) or a different config."
    fix.append("Print on every rank before wrapping: [n for n, p in model.named_parameters() if p.requires_grad] and diff the lists between "
               f"rank {rank if rank is not None else 'R'} and rank {other if other is not None else 'O'}.")
    fix.append("Remove rank-dependent construction (if rank == 0: ..., per-rank args or env), apply get_peft_model / freezing / "
               "resize_token_embeddings identically everywhere, and materialise lazy modules with the same dummy forward on every rank before DDP.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
