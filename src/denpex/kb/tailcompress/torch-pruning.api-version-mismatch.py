"""Computed diagnosis for torch-pruning.api-version-mismatch: which API generation the code expects."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OLD = {  # 0.2.x names, gone in 1.x -> 1.x replacement
    "strategy": "tp.importance.MagnitudeImportance(p=1) (or tp.pruner.MagnitudePruner for whole-model pruning)",
    "get_pruning_plan": "DG.get_pruning_group(module, tp.prune_conv_out_channels, idxs=...) then group.prune()",
    "prune_conv": "tp.prune_conv_out_channels",
    "prune_linear": "tp.prune_linear_out_channels",
    "prune_batchnorm": "tp.prune_batchnorm_out_channels",
    "prune_conv_out_channel": "tp.prune_conv_out_channels",
    "prune_linear_out_channel": "tp.prune_linear_out_channels",
}
_NEW = {"pruner", "importance", "get_pruning_group", "check_pruning_group", "prune_conv_out_channels",
        "prune_linear_out_channels", "prune_batchnorm_out_channels", "MetaPruner", "MagnitudePruner",
        "GroupNormPruner", "BNScalePruner", "prune_conv_in_channels", "prune_linear_in_channels"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attribute")
    if not attr:
        return None
    attr = str(attr)
    if attr in _OLD:
        diagnosis = "0.2.x code on torch-pruning 1.x"
        text = f"'{attr}' belongs to the torch-pruning 0.2.x API, which 1.0 replaced; the installed package is newer than the code."
        fix = (f"Port: {attr} -> {_OLD[attr]}.", "Or install the old API: pip install \"torch-pruning<1.0\".")
        wanted = "0.2.x"
    elif attr in _NEW:
        diagnosis = "1.x code on torch-pruning 0.2.x"
        text = f"'{attr}' exists from torch-pruning 1.0 on; the installed package is older than the code."
        fix = ("pip install -U torch-pruning",)
        wanted = "1.x"
    else:
        diagnosis = "name not in the installed torch-pruning"
        text = f"'{attr}' is not in the installed torch-pruning; compare the version the script was written for with pip show torch-pruning."
        fix = ("Install the torch-pruning version pinned by the script's repository.",)
        wanted = "unknown"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "wanted_api": wanted})
