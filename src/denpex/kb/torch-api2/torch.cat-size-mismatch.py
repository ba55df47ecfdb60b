"""Computed diagnosis for torch.cat-size-mismatch: read the two sizes and the cat dimension and name the
likely cause (off-by-one from stride rounding, a doubled tensor, a length mismatch)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation



def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("ndim_a") is not None and facts.get("ndim_b") is not None:
        na, nb = int(facts["ndim_a"]), int(facts["ndim_b"])
        return Explanation(
            text=(f"torch.cat joins tensors of the same rank; here one has {na} dimensions and another {nb}: one of them is "
                  f"missing {abs(na - nb)} axis/axes (a batch, channel or spatial axis, or a vector joined to a feature map)."),
            fix=("Print [t.shape for t in tensors] before the cat and add the missing axes to the lower-rank tensor "
                 "(x.unsqueeze(dim), or v[:, :, None, None].expand(-1, -1, H, W) to tile a vector over a map), or flatten the other one.",),
            derived={"what": f"torch.cat of tensors with {na} and {nb} dimensions", "cause": "rank-mismatch"},
        )
    if facts.get("_signature") == "zero-dim":
        k = facts.get("tensor_index")
        return Explanation(
            text=(f"Element {k} of the list is a 0-d tensor (a scalar such as a loss, x.sum() or t[i] of a 1-D tensor); "
                  "torch.cat needs at least one dimension to join along. Code written for PyTorch < 0.4 hits this because "
                  "such values used to be 1-element tensors."),
            fix=("Use torch.stack(values) to build a 1-D tensor from scalars, or cat [v.reshape(1) for v in values].",),
            derived={"what": f"torch.cat got a 0-d (scalar) tensor at position {k}", "cause": "zero-dim"},
        )
    a, b = facts.get("expected_size"), facts.get("got_size")
    if a is None or b is None:
        return None
    a, b = int(a), int(b)
    dim = facts.get("cat_dim")
    k = facts.get("tensor_index")
    mdim = facts.get("mismatch_dim")
    who = f"tensor {k} in the list" if k is not None else "a later tensor"
    where = f" in dimension {mdim}" if mdim is not None else " in another dimension"
    parts = [f"torch.cat along dimension {dim} needs all other dimensions equal; the first tensor has {a} and {who} has {b}{where}."]
    fix: list[str] = []
    derived: dict[str, Any] = {"difference": abs(a - b)}
    derived["what"] = f"torch.cat along dimension {dim}: {who} has size {b}{where} where the first tensor has {a}"
    lo, hi = min(a, b), max(a, b)
    if abs(a - b) == 1:
        derived["cause"] = "stride-rounding"
        derived["what"] += " (off by one: input size not a multiple of the stride)"
        parts.append(
            "A difference of one is the signature of stride rounding in an encoder-decoder / FPN skip connection: an input "
            "height or width that is not a multiple of the total downsampling factor makes the upsampled map one pixel "
            "off from the skip feature."
        )
        fix.append("Resize or pad the input so height and width are multiples of 32 (or 2^number of downsampling stages).")
        fix.append("Or align inside the model before the cat: x = F.interpolate(x, size=skip.shape[-2:]) (or pad/crop x to skip's size).")
    elif lo > 0 and hi == 2 * lo:
        derived["cause"] = "doubled"
        parts.append(f"{hi} is exactly twice {lo}: one tensor was doubled or chunked (a classifier-free-guidance batch, a prompt split into two token chunks, a repeated batch) and the other was not.")
        fix.append("Find where one side is repeated/concatenated with itself (CFG, prompt chunking) and make both sides go through the same path; print the shapes before the cat.")
    elif dim == 0 or (mdim is not None and mdim == 0):
        derived["cause"] = "length-mismatch"
        parts.append("The tensors differ in their per-item length (points, tokens, frames or features), not in the axis being joined.")
        fix.append("Pad or truncate to one length before concatenating, or keep the items in a list instead of one tensor.")
    else:
        derived["cause"] = "shape-mismatch"
        fix.append("Print [t.shape for t in tensors] right before the torch.cat and make the non-cat dimensions agree (resize, pad, repeat or slice the odd tensor).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
