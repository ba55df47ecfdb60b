"""Computed diagnosis for training.loss-nan: where the NaN came from and what to change first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# backward-function name fragments -> the usual forward-side culprit
_OP_HINTS: tuple[tuple[str, str], ...] = (
    ("LogSoftmax", "log-softmax over a row whose logits are all -inf (a fully masked row) or overflowed logits"),
    ("Softmax", "softmax over a fully masked row (all -inf) or attention logits that overflowed the dtype"),
    ("NllLoss", "a batch where every label equals ignore_index, so the mean is 0/0"),
    ("CrossEntropy", "a batch where every label equals ignore_index, so the mean is 0/0"),
    ("Log", "log of 0 or of a negative number; clamp the input (e.g. x.clamp_min(1e-6))"),
    ("Div", "division by zero (a count, a norm or a std that is 0 for this batch); add eps"),
    ("Reciprocal", "1/x with x == 0; add eps"),
    ("Sqrt", "sqrt at 0 has an infinite gradient; use sqrt(x + eps)"),
    ("Pow", "x ** p with x == 0 and p < 1 (infinite gradient) or overflow of a large power"),
    ("Norm", "a norm of an all-zero vector (infinite gradient at 0); add eps"),
    ("Std", "std of a single element or of a constant tensor; add eps or use unbiased=False"),
    ("Var", "variance of a single element or of a constant tensor"),
    ("ScaledDotProduct", "the fused attention kernel on fully masked rows or fp16 overflow; try the math SDPA backend to confirm"),
    ("Exp", "exp overflow; subtract the max before exponentiating"),
    ("Mse", "non-finite predictions or targets reaching the loss"),
    ("Mul", "a 0 * inf product in the forward pass"),
)


def _op_hint(fn: str) -> str | None:
    for frag, hint in _OP_HINTS:
        if frag.lower() in fn.lower():
            return hint
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = facts.get("function")
    rank = facts.get("rank")
    iteration = facts.get("iteration")
    step = facts.get("step")
    epoch = facts.get("epoch")
    nonfinite = facts.get("nonfinite") or facts.get("loss_value")
    param = facts.get("param")
    nan_iters = facts.get("nan_iterations")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if fn:
        hint = _op_hint(str(fn))
        parts.append(f"Anomaly detection names the backward op '{fn}' as the first to produce NaN.")
        if hint:
            parts.append(f"For this op the usual cause is {hint}.")
            derived["likely_cause"] = hint
        fix.append(f"Inspect the inputs of the forward op behind '{fn}' at the failing step (torch.isfinite on them, count of masked rows).")
    if param:
        parts.append(f"Parameter '{param}' already holds NaN/Inf, so the optimizer has written non-finite values into the weights.")
        fix.append("Resume from a checkpoint saved before the first non-finite loss; the current weights cannot recover.")
    where = None
    if iteration is not None:
        where = f"iteration {iteration}"
    elif step is not None:
        where = f"step {step}"
    elif epoch is not None:
        where = f"epoch {epoch}"
    if where:
        derived["first_nonfinite_at"] = where
        parts.append(f"The first non-finite value in this log is at {where}.")
        fix.append(f"Re-run from the last checkpoint before {where} with torch.autograd.set_detect_anomaly(True) to name the op.")
    if rank is not None:
        parts.append(
            f"Rank {rank} detected it on its local loss/gradients before the data-parallel reduction: "
            f"inspect rank {rank}'s batch and GPU first; NaN on all ranks at once points to a global cause (learning rate, precision)."
        )
    if nan_iters:
        parts.append(f"Megatron counted {nan_iters} NaN iteration(s) in the last logging interval.")
    if nonfinite and str(nonfinite).lower().lstrip("+-") == "inf":
        parts.append("The value is Inf rather than NaN: an overflow (fp16 max 65504, or an exploding loss), not an undefined operation.")
        fix.append("If training in fp16, switch to bf16 (same range as fp32) or lower the learning rate.")
    if not parts:
        return None
    fix.append("Enable gradient clipping (max_grad_norm=1.0) and warmup, and lower the learning rate 2-10x.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
