"""Computed note for ddp.grad-strides-warning: which layout mismatch was reported."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ints(s: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", s)]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sizes = _ints(str(facts.get("grad_sizes") or ""))
    gs = _ints(str(facts.get("grad_strides") or ""))
    bs = _ints(str(facts.get("bucket_strides") or ""))
    if not sizes or not gs:
        return None
    derived: dict[str, Any] = {"detail": f" for a gradient of shape {facts.get('grad_sizes')}"}
    diff_dims = [i for i, (a, b) in enumerate(zip(gs, bs)) if a != b] if bs and len(bs) == len(gs) else []
    only_size1 = bool(diff_dims) and all(sizes[i] == 1 for i in diff_dims if i < len(sizes))
    parts = [f"The gradient of shape {facts.get('grad_sizes')} arrived with strides {facts.get('grad_strides')}"
             + (f" while its bucket view has {facts.get('bucket_strides')}." if bs else ".")]
    if only_size1:
        parts.append("The strides differ only on dimensions of size 1, so both describe the same memory: purely cosmetic (typical for 1x1 or depthwise convolutions).")
    elif len(sizes) == 4 and len(gs) == 4 and gs[1] == 1:
        parts.append("The gradient is in channels_last layout (stride 1 on the channel dim) while the parameter was contiguous when DDP was built: "
                     "cuDNN/torch.compile produced a channels_last weight gradient.")
    parts.append("Training is unaffected apart from one extra copy per step; if the run failed, the cause is another finding.")
    fix = ("Optional: convert the model to channels_last before wrapping in DDP, or pass gradient_as_bucket_view=True; or filter the warning.",)
    return Explanation(text=" ".join(parts), fix=fix, derived=derived)
