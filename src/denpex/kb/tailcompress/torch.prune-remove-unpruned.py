"""Computed diagnosis for torch.prune-remove-unpruned: container vs leaf module, and which name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LEAF = re.compile(r"^(Conv(Transpose)?[123]d|Linear|Bilinear|LazyLinear|LazyConv[123]d|BatchNorm[123]d|LayerNorm|GroupNorm|"
                   r"Embedding|EmbeddingBag|LSTM|GRU|RNN|MultiheadAttention|Quant\w+|NNCF\w+)$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    param = facts.get("param")
    module = str(facts.get("module") or "")
    if not param:
        return None
    if module and not _LEAF.match(module):
        diagnosis = "remove() called on a container module"
        text = (f"prune.remove was given '{module}', a container, with name '{param}'. Pruning hooks live on the leaf "
                f"layers (Conv/Linear) that were pruned, not on the model that holds them.")
        fix = (f"for m in model.modules():\n    if hasattr(m, '{param}_mask'): prune.remove(m, '{param}')",)
    else:
        what = module or "this module"
        diagnosis = f"no pruning hook for '{param}' on this {what}"
        text = (f"The {what} has no pruning on '{param}': it was pruned under another name (weight vs bias), pruned in a "
                "different object (deepcopy / reloaded model), or remove() already ran for it.")
        fix = (f"Check first: prune.is_pruned(m) and hasattr(m, '{param}_mask'); call prune.remove(m, '{param}') once per pruned (module, name).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
