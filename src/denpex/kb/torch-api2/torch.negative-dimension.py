"""Computed diagnosis for torch.negative-dimension: sentinel (-1), negative span, YOLOX occupy_mem, or
32-bit overflow, from the value in the message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    n = facts.get("neg_dim")
    if n is None:
        return None
    n = int(n)
    shape = facts.get("shape") or ""
    derived: dict[str, Any] = {}
    if facts.get("occupy_mem"):
        derived["cause"] = "yolox-occupy-mem"
        derived["what"] = f"YOLOX occupy_mem computed a negative block ({n}): the GPU already has memory in use"
        return Explanation(
            text=f"YOLOX's occupy_mem (the -o/--occupy option) reserves 90% of the GPU's total memory minus what is already used; here that is {n} MB, so another process already holds memory on this GPU.",
            fix=("Remove -o from the training command, or run on a GPU that no other process uses (check nvidia-smi).",),
            derived=derived,
        )
    if n == -1:
        derived["cause"] = "sentinel"
        derived["what"] = f"A size of -1 reached tensor creation ({shape}): an unset config value (num_labels, vocab size, 'auto') was used as a size"
        return Explanation(
            text=f"The shape {shape} contains -1, the usual 'unset/infer' sentinel: a configuration size was never filled in before building the tensor or layer.",
            fix=("Set the size explicitly from the data (num_labels=len(label_list), vocab_size=len(tokenizer)) and check the config for other -1 values.",),
            derived=derived,
        )
    if n <= -(2**31) + 2**20 or n < -(10**9):
        derived["cause"] = "overflow"
        derived["what"] = f"Tensor size {n} is an integer overflow (wrapped 32-bit size computation)"
        return Explanation(
            text=f"{n} is far too large in magnitude to be a real size: a size was computed in 32-bit arithmetic and wrapped around (very large input, or a bug in an extension).",
            fix=("Reduce the input size / batch, upgrade the extension (int64 sizes), or inspect the values feeding the size (corrupt data, wrong units).",),
            derived=derived,
        )
    derived["cause"] = "negative-span"
    derived["what"] = f"A computed size became negative ({n} in {shape}): a difference such as end - start or length - window went below zero"
    return Explanation(
        text=f"The shape {shape} has {n}: a size computed by subtraction (end - start, available - used, length - window) is negative for this input or configuration.",
        fix=("Print the terms of that subtraction on the failing line; skip or pad inputs that are too short, or fix the range/config that makes it negative.",),
        derived=derived,
    )
