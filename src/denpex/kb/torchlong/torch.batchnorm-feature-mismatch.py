"""Computed diagnosis for torch.batchnorm-feature-mismatch: compare input channels with num_features."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        n_in = int(facts["input_features"])
        n_bn = int(facts["layer_features"])
    except (KeyError, TypeError, ValueError):
        return None
    if n_in <= 0 or n_bn <= 0:
        return None
    lines = [f"The tensor reaching the BatchNorm has {n_in} entries at dim 1; the layer was built with num_features={n_bn}."]
    if n_in % n_bn == 0 or n_bn % n_in == 0:
        big, small = max(n_in, n_bn), min(n_in, n_bn)
        ratio = big // small
        more = "input" if n_in > n_bn else "layer"
        diagnosis = f"{more} has {ratio}x the features"
        lines.append(f"The {more} has exactly {ratio}x as many: a factor in the layout differs, e.g. a doubled width "
                     f"(bidirectional/concatenation), a batch or person/joint factor folded into dim 1 (skeleton models size "
                     f"data_bn as persons*channels*joints), or a model option set for other data.")
    elif abs(n_in - n_bn) <= 3:
        diagnosis = f"{abs(n_in - n_bn)} feature(s) off"
        lines.append("Only a few features differ: typically the feature columns at predict time differ from training "
                     "(a column added/dropped in preprocessing, a target or id column left in).")
    else:
        diagnosis = "unrelated sizes"
        lines.append("The sizes are unrelated: the preceding layer outputs another channel count, or BatchNorm1d receives "
                     "(batch, length, features) so dim 1 is the sequence length.")
    fix = (f"Either build the layer for the input: nn.BatchNorm1d/2d({n_in}), or make the layer before it output {n_bn} channels.",
           "For (batch, length, features) data: bn(x.transpose(1, 2)).transpose(1, 2).")
    return Explanation(text=" ".join(lines), fix=fix, derived={"diagnosis": diagnosis})
