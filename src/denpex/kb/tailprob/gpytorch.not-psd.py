"""Computed diagnosis for gpytorch.not-psd: read the jitter level and the first Cholesky error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    jitter = facts.get("jitter") or facts.get("jitter_tried")
    if not jitter:
        return None
    try:
        level = float(str(jitter))
    except ValueError:
        return None
    original = str(facts.get("original") or "")
    warning_only = facts.get("_signature") == "jitter-warning"
    if warning_only:
        text = (f"GPyTorch's Cholesky needed {jitter} jitter on the diagonal: the kernel matrix is barely positive "
                "definite. Harmless while training goes on; it turns into NotPSDError when the largest jitter fails.")
        return Explanation(text=text, fix=("Train in float64 and normalise inputs/outputs to stop the retries.",),
                           derived={"diagnosis": "jitter retry (warning)"})
    if level >= 1e-4:
        dtype = "float32 (its default jitter ladder ends at 1e-4)"
        first = "Switch to float64: model.double() and train_x/train_y .double() - it usually removes the error."
    else:
        dtype = "float64 (its jitter ladder ends at 1e-6): the matrix is badly singular, not just imprecise"
        first = "Check for duplicate training inputs and a collapsed noise (print model.likelihood.noise)."
    text = f"The kernel matrix stayed not positive definite up to jitter {jitter}, which points to {dtype}."
    if "singular U" in original or "is zero" in original:
        text += " The first Cholesky error says a pivot was exactly zero: duplicate rows or a zero-variance kernel."
    elif "nan" in original.lower():
        text += " The first error mentions NaN: inputs, targets or hyperparameters are not finite."
    batch = ""
    if "elements of the torch.Size" in original:
        batch = original.split("tensor")[0].split(":")[-1].strip()
        text += f" In the batch, {batch} failed."
    fix = (first,
           "Normalise inputs to [0, 1], standardise targets; add GreaterThan(1e-4) on the likelihood noise.",
           "Only then raise the jitter: with gpytorch.settings.cholesky_jitter(float_value=1e-3, double_value=1e-6): ...")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"not PD at jitter {jitter}"})
