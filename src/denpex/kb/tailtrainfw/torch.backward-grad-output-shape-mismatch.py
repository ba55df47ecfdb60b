"""Computed diagnosis for torch.backward-grad-output-shape-mismatch: compare the two shapes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(text: Any) -> list[int] | None:
    if not isinstance(text, str):
        return None
    inner = text.strip().strip("[]").strip()
    if not inner:
        return []
    try:
        return [int(x) for x in re.split(r"\s*,\s*", inner) if x]
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = _dims(facts.get("grad_shape"))
    o = _dims(facts.get("output_shape"))
    if g is None or o is None:
        return None
    gs, os_ = facts.get("grad_shape"), facts.get("output_shape")
    if g == [1] and o == []:
        diagnosis = "1-element gradient for a 0-dim loss (pre-0.4 PyTorch code)"
        text = ("The output is a 0-dim scalar (shape []) but the gradient passed is a 1-element tensor (shape [1]): "
                "code written for PyTorch 0.3, where losses had shape [1].")
        fix = ("Replace torch.ones(1) / FloatTensor([1]) used as gradient with torch.tensor(1.0, device=loss.device), "
               "or call loss.backward() without a gradient.",)
    elif g == [] and o == [1]:
        diagnosis = "0-dim gradient for a 1-element output"
        text = "The output has shape [1] but the gradient is a 0-dim scalar; squeeze the output or pass torch.ones(1)."
        fix = ("Use loss.squeeze().backward() or out.backward(torch.ones_like(out)).",)
    elif len(g) == 1 and len(o) <= 1 and (o == [] or o == [1]) and g[0] > 1:
        diagnosis = f"gradient for {g[0]} values, output is one value"
        text = (f"The gradient has {g[0]} elements but the output is a single value. With nn.DataParallel on {g[0]} GPUs "
                "the per-GPU losses must be reduced before backward, or the gradient was built for another batch.")
        fix = ("Reduce first: loss = loss.mean(); loss.backward().",)
    elif len(o) == 1 and len(g) <= 1 and o[0] > 1 and (g == [] or g == [1]):
        diagnosis = f"output has {o[0]} values, gradient is one value"
        text = (f"The output is not reduced ({o[0]} values, e.g. one loss per GPU under DataParallel) but the gradient is a scalar.")
        fix = ("Reduce the output: out.mean().backward(), or pass torch.ones_like(out).",)
    elif len(g) == len(o) and g[1:] == o[1:] and g and g[0] != o[0]:
        diagnosis = f"batch dimension differs ({g[0]} vs {o[0]})"
        text = (f"Only the first dimension differs ({gs} vs {os_}): the gradient comes from a batch of {g[0]} and the output "
                f"from a batch of {o[0]} (pipeline stages or inputs and labels batched differently, last partial batch).")
        fix = ("Keep the micro-batch size constant (drop_last=True) and build inputs and labels from the same batch.",)
    else:
        diagnosis = "gradient and output shapes differ"
        text = f"The gradient passed to backward has shape {gs} but the output has shape {os_}."
        fix = ("Pass torch.ones_like(output) (or a gradient computed for that exact output), or reduce the output to a scalar first.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
