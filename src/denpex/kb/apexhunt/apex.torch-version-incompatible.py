"""Computed diagnosis for apex.torch-version-incompatible: which side is too old."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CASES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "backends": (
        "apex older than PyTorch 1.3",
        "This apex predates PyTorch 1.3: amp's O1 patcher still checks torch.nn.backends.backend.FunctionBackend, which PyTorch 1.3 removed.",
        ("Rebuild apex from a current commit (any commit after its PR #466, Sept 2019).",),
    ),
    "deprecated": (
        "apex from 2018 on a newer PyTorch",
        "This apex.parallel still uses torch.distributed.deprecated, a namespace newer PyTorch no longer has.",
        ("Rebuild apex from a current commit.",),
    ),
    "library": (
        "apex master on an old PyTorch",
        "This apex is newer than the PyTorch it runs on: it registers custom ops through torch.library, which this PyTorch lacks.",
        ("Upgrade PyTorch, or check out an older apex branch that matches it (e.g. git checkout 22.02-parallel-state for torch 1.10) and rebuild.",),
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attribute")
    if attr not in _CASES:
        return None
    diagnosis, text, fix = _CASES[attr]
    fix = fix + ("If apex is only used for mixed precision, switch to torch.autocast + torch.amp.GradScaler.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
