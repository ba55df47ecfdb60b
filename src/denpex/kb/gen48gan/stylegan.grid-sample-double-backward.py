"""Computed diagnosis for stylegan.grid-sample-double-backward: which op and whether gradfix was disabled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    if not op:
        return None
    gradfix = facts.get("gradfix")
    three_d = "3d" in str(op)
    if gradfix:
        diagnosis = f"{gradfix} disabled itself on this PyTorch"
        text = (f"The log shows '{gradfix} not supported on PyTorch ...': the repository's custom op turned itself off "
                f"and the plain op has no double backward, so the R1/gradient-penalty pass fails in {op}.")
        fix = ("Replace torch_utils/ops/grid_sample_gradfix.py and conv2d_gradfix.py with the NVlabs/stylegan3 versions.",
               "Or run in an env with the pinned PyTorch (1.7.1 / 1.8.1) the repository was written for.")
    elif three_d:
        diagnosis = "3-D grid_sample has no double backward"
        text = (f"A second derivative is taken through F.grid_sample on a 5-D input ({op}); PyTorch has no formula for it.")
        fix = ("Avoid create_graph=True through the 3-D grid_sample, or implement the sampling with differentiable ops "
               "(trilinear interpolation written with gather/index arithmetic).",)
    else:
        diagnosis = "second derivative through grid_sample"
        text = (f"A gradient penalty or create_graph=True backward passes through F.grid_sample; {op} has no derivative "
                "in PyTorch autograd.")
        fix = ("Use the StyleGAN3 torch_utils/ops/grid_sample_gradfix.grid_sample wrapper for this call.",
               "In StyleGAN2-ADA forks: copy the StyleGAN3 gradfix files or pin PyTorch 1.8.1; --aug=noaug avoids the op.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
