"""Computed diagnosis for torch.permute-dims-mismatch: rank of the tensor vs length of the permutation."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PERM = re.compile(r"\.permute\(\[?([-0-9, ]+)\]?\)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("code") if isinstance(facts.get("code"), str) else ""
    code = code.strip()
    n_in = facts.get("input_dim")
    n_perm = facts.get("perm_len")
    if n_perm is None and code:
        m = _PERM.search(code)
        if m:
            n_perm = len([p for p in m.group(1).split(",") if p.strip()])
    hint = f" in `{code}`" if code else ""
    derived: dict[str, Any] = {"code_hint": hint}
    if n_perm is not None:
        derived["perm_len"] = int(n_perm)
    if n_in is None or n_perm is None:
        if n_perm is None:
            return Explanation(text=f"permute{hint} names another number of dims than the tensor has; print x.shape before it.",
                               fix=("print(x.shape) before the permute and fix the data rank or the permutation.",), derived=derived)
        text = (f"The permutation{hint} names {n_perm} dims, so the tensor is not {n_perm}-D. Usually it has {int(n_perm) - 1}: "
                "a grayscale (H, W) image, a sample without batch axis, or a squeeze() that dropped a size-1 axis.")
        derived["diagnosis"] = f"tensor is not {n_perm}-D"
        return Explanation(text=text, fix=("print(x.shape) before the permute; add the missing axis (unsqueeze / [..., None] / convert('RGB')).",), derived=derived)
    n_in, n_perm = int(n_in), int(n_perm)
    if n_in == n_perm - 1:
        diagnosis = "tensor is missing one dimension"
        text = (f"The tensor is {n_in}-D but the permutation{hint} names {n_perm} dims: one axis is missing - a grayscale "
                "image without channel axis, a single sample without batch axis, or a squeeze() that dropped a size-1 axis.")
        fix = ("Add the missing axis: x.unsqueeze(0) (batch) or x.unsqueeze(-1) / Image.convert('RGB') (channel); or squeeze(dim) instead of squeeze().",)
    elif n_in == n_perm + 1:
        diagnosis = "tensor has one extra dimension"
        text = (f"The tensor is {n_in}-D but the permutation{hint} names {n_perm} dims: it has an extra axis (a batch of one, "
                "a channel axis on a mask, a stacked frame axis).")
        fix = ("Remove the extra axis with x.squeeze(dim) / x[0], or extend the permutation to all dims.",)
    else:
        diagnosis = f"{n_in}-D tensor, {n_perm} dims in the permutation"
        text = f"The tensor is {n_in}-D but the permutation{hint} names {n_perm} dims; the data layout differs from what the code assumes."
        fix = ("print(x.shape) before the permute and match the permutation to x.dim().",)
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
