"""Computed diagnosis for mamba.causal-conv1d-shape-unsupported: which rule failed and what to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    c = str(facts.get("constraint") or "")
    if c.startswith("channel"):
        text = ("The conv channel count (Mamba2 conv_dim = d_inner + 2*ngroups*d_state) is not a multiple of 8.")
        fix = ("Choose expand*d_model and ngroups*d_state so that d_inner + 2*ngroups*d_state is a multiple of 8.",)
    elif c == "strides":
        text = ("The channel-last input's row stride is not a multiple of 8: for Mamba2 that is d_in_proj = "
                "2*d_inner + 2*ngroups*d_state + nheads, so nheads (d_inner/headdim) is usually the odd term.")
        fix = ("Change headdim (or d_model) so that nheads = expand*d_model/headdim makes d_in_proj a multiple of 8, "
               "e.g. nheads a multiple of 8.",
               "Or pass a contiguous (batch, dim, seqlen) tensor when calling causal_conv1d_fn yourself.")
    elif c == "width":
        text = "The convolution width d_conv is outside the 2..4 the kernel implements."
        fix = ("Set d_conv to 2, 3 or 4 (Mamba default 4).",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"rule": c})
