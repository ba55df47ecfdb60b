"""Computed diagnosis for torch.tensor-not-scalar: which conversion needed one value (truth test, .item(),
float()/int(), torch.tensor(list)) and the matching rewrite; DataParallel per-GPU losses detected."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    hint = (facts.get("code_hint") or "").strip()
    n = facts.get("n_elements")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if facts.get("dp_gather"):
        derived["cause"] = "dataparallel-loss-vector"
        derived["what"] = "loss.item() got one loss per GPU (nn.DataParallel): reduce with .mean() first"
        parts.append("The log shows DataParallel gathering scalar outputs into a vector: the loss has one element per GPU, so .item()/float() cannot convert it.")
        fix.append("Reduce before converting: loss = loss.mean(); loss.item() (or switch to DistributedDataParallel).")
    elif sig == "bool-ambiguous":
        derived["cause"] = "truth-test"
        where = f" (the line uses '{hint}')" if hint else ""
        derived["what"] = "A multi-element tensor was used as a Python condition; reduce it with .all()/.any() or compare with torch.equal"
        parts.append(f"Python asked for the truth value of a tensor with several elements{where}: an element-wise comparison or mask was used in if/while/and/or/assert or a chained comparison.")
        fix.append("Say what you mean: if (a == b).all(): / if (x > 0).any(): / torch.equal(a, b); use & and | between tensors; write 0 < x < 1 as (0 < x) & (x < 1).")
        fix.append("For per-sample logic keep it in tensors: torch.where(cond, a, b) or boolean masks instead of a Python if.")
    elif hint.startswith("torch.tensor") or hint.startswith("torch.Tensor") or hint.startswith("np.array"):
        derived["cause"] = "tensor-of-tensors"
        derived["what"] = f"{hint.rstrip('(')}(...) got a list of multi-element tensors: use torch.stack(list)"
        parts.append(f"{hint.rstrip('(')}(...) converts every list element to a Python number; the list holds tensors with more than one element.")
        fix.append("Build the tensor with torch.stack(items) (same shapes) or torch.cat(items); for one-element tensors use torch.tensor([t.item() for t in items]).")
    elif n == 0:
        derived["cause"] = "empty-tensor"
        derived["what"] = ".item() on an empty tensor (0 elements): the value does not exist"
        parts.append("The tensor has no elements (an empty selection or batch), so there is no value to return.")
        fix.append("Check x.numel() before .item() and handle the empty case; find why the selection/batch is empty.")
    else:
        derived["cause"] = "item-multi"
        count = f"{n} elements" if n is not None else "several elements"
        derived["what"] = f".item()/float()/int() on a tensor with {count}: reduce or index it first"
        parts.append(f"A tensor with {count} was converted to one Python number (.item(), float(), int()); typically an unreduced loss (reduction='none'), per-GPU losses from DataParallel, or a batch where one sample was expected.")
        fix.append("Reduce or select first: x.mean().item() / x.sum().item() for a loss or metric, x[i].item() for one element, x.tolist() for all values.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
