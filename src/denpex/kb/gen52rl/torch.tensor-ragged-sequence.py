"""Computed diagnosis for torch.tensor-ragged-sequence: which dimension is ragged, the first item's vs the
offending item's length, and the usual producer read from the failing line (gym reset tuple, rewards,
token ids)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expected = facts.get("expected")
    dim = facts.get("dim")
    got = facts.get("got")
    if not isinstance(expected, int) or not isinstance(dim, int) or not isinstance(got, int):
        return None
    code = str(facts.get("code") or "").strip()
    low = code.lower()
    parts = [f"torch.tensor() inferred length {expected} at dimension {dim} from the first item, but another item has length {got}: the nested list is ragged."]
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if "reset(" in low or (got == 0 and re.search(r"\b(?:obs|state|observation)", low)):
        producer = "gym (obs, info) tuple"
        parts.append("The line converts the result of env.reset(): with gym/gymnasium >= 0.26 it returns (obs, info)" + (", and the empty info dict is the item of length 0." if got == 0 else "."))
        fix.append("Unpack first: obs, info = envs.reset(seed=seed); next_obs = torch.Tensor(obs).to(device) (step() returns obs, reward, terminated, truncated, info).")
        fix.append("Or pin the gym version the script was written for (gym<0.26) together with its other dependencies.")
    elif re.search(r"reward|advantage|return", low):
        producer = "per-sample reward lists"
        parts.append(f"The line stacks rewards/returns: one sample has {got} entries where the first has {expected} (a missing reward function output, a group with fewer completions, episodes of different lengths).")
        fix.append("Check that every sample gets one value per reward function/completion; pad or aggregate before torch.tensor, or keep a list of tensors.")
    elif re.search(r"token|input_ids|encode|ids|seq|sentence", low):
        producer = "unpadded sequences"
        parts.append("The line converts token/sequence lists of different lengths.")
        fix.append("Pad to one length: torch.nn.utils.rnn.pad_sequence([torch.tensor(x) for x in seqs], batch_first=True, padding_value=pad_id) or tokenizer(..., padding=True).")
    elif got == 0:
        producer = "an empty item"
        parts.append("The offending item is empty (length 0): an empty list, dict or sample among non-empty ones, often an (obs, info)-style pair with an empty second element.")
        fix.append("Print [len(x) for x in data] and find the empty item; unpack tuples the producer returns.")
    else:
        producer = "items of different lengths"
        fix.append("Pad the items to one length (pad_sequence) or keep them as a list of tensors; print [len(x) for x in data] to find the odd ones.")
    if dim > 1:
        parts.append(f"The outer {dim} dimension(s) are regular; the items nested at depth {dim + 1} differ.")
    derived["producer"] = producer
    derived["headline"] = f"torch.tensor got a ragged nested list: length {expected} expected at dim {dim}, got {got} ({producer})"
    if code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
