"""Computed diagnosis for jax.debug-nans-error: what the primitive named in the message usually means
(domain error, division, overflow, a whole jit function) and whether it came from the backward pass."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# primitive -> (usual cause, targeted fix)
_OPS: dict[str, tuple[str, str]] = {
    "div": ("a division 0/0 or x/0 (a norm, count, variance or sum of weights that is 0)", "divide by jnp.maximum(d, eps) or mask the zero denominators"),
    "rem": ("a modulo by zero", "guard the divisor"),
    "log": ("log of 0 or of a negative value (probabilities, variances)", "jnp.log(jnp.clip(x, eps)) or jax.nn.log_softmax / logsumexp"),
    "log1p": ("log1p of a value <= -1", "clip the argument above -1"),
    "sqrt": ("sqrt of a negative value, or its gradient at 0 (a norm of a zero vector)", "jnp.sqrt(x + eps) or optax.safe_norm"),
    "rsqrt": ("rsqrt of 0 or a negative variance (normalisation layers)", "add epsilon to the variance"),
    "pow": ("a negative base to a fractional power, or 0 ** negative", "clip the base or use jnp.abs"),
    "integer_pow": ("an overflowing power", "scale the input"),
    "exp": ("exp overflowing to inf (later inf - inf = nan)", "subtract the maximum first (logsumexp) or clip the exponent"),
    "logistic": ("an inf input reaching the sigmoid", "check the logits for inf"),
    "acos": ("acos outside [-1, 1] (rounding of normalised dot products)", "jnp.clip(x, -1 + eps, 1 - eps)"),
    "asin": ("asin outside [-1, 1]", "jnp.clip(x, -1 + eps, 1 - eps)"),
    "atan2": ("atan2(0, 0) gradient", "mask the zero vector"),
    "sub": ("inf - inf", "find the overflow that produced inf"),
    "mul": ("0 * inf, typically a gradient through jnp.where or a masked sqrt/log", "use the double-where trick: feed the masked branch a safe input"),
    "add": ("inf + (-inf) or a NaN operand", "find the overflow that produced inf"),
    "dot_general": ("NaN/inf already in the inputs or weights (diverged parameters)", "lower the learning rate / clip gradients and check the batch"),
    "conv_general_dilated": ("NaN/inf already in the inputs or weights (diverged parameters)", "lower the learning rate / clip gradients and check the batch"),
    "reduce_sum": ("a sum over values that already hold inf of both signs", "trace the inputs of the reduction"),
    "convert_element_type": ("a cast of a value that was already invalid (the de-optimized run may not reproduce it)", "look at the value being cast"),
}
_WHOLE = ("xla_call", "xla_pmap", "pjit", "jit", "while", "scan", "cond", "custom_jvp_call", "custom_vjp_call", "remat", "checkpoint", "shard_map")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    if not op:
        return None
    value = str(facts.get("value") or "nan")
    backward = bool(facts.get("backward"))
    deopt_clean = bool(facts.get("deopt_clean"))
    inner = op
    if "(" in op and op.endswith(")"):
        outer, inner = op.split("(", 1)[0], op.split("(", 1)[1][:-1]
        whole = outer in ("jit", "pjit", "xla_call")
    else:
        whole = op in _WHOLE
    fix: list[str] = []
    if whole and inner in _OPS and not deopt_clean:
        whole = False
    if deopt_clean:
        diagnosis = "produced by XLA's optimised code, not reproduced op by op"
        text = (f"The jitted computation '{op}' returned a {value}, but running it again without jit produced none: XLA's fusion/"
                "reordering of floating-point arithmetic made the value, or the function returns a NaN/inf constant.")
        fix += ["Run the step under jax.disable_jit() and jax.debug.print intermediate min/max to find the unstable expression.",
                "Look for NaN/inf constants returned (jnp.nan padding, -inf masks) and replace them with finite values (e.g. -1e9)."]
    elif whole:
        diagnosis = f"somewhere inside the compiled '{op}'"
        text = (f"'{op}' is a whole compiled function or control-flow body, not one operation: its output held a {value}. "
                "JAX normally re-runs it de-optimized and raises again at the primitive; read the last FloatingPointError, "
                "or rerun with JAX_TRACEBACK_FILTERING=off under jax.disable_jit().")
        fix.append("Find the primitive with jax.disable_jit(), then guard that operation's input.")
    else:
        cause, remedy = _OPS.get(inner, ("an operation whose input left its domain or already held an invalid value", "check its inputs with jax.debug.print"))
        diagnosis = f"{inner}: {cause}"
        text = f"The first {value} was produced by '{inner}': usually {cause}."
        if not (backward and inner == "mul"):
            fix.append(remedy[0].upper() + remedy[1:] + ".")
    if backward:
        text += (" It happened while differentiating (backward pass): the forward value is finite but its derivative is not, "
                 "e.g. sqrt/log/pow at 0 or a jnp.where whose unused branch is invalid.")
        fix.append("Double-where: safe = jnp.where(mask, x, 1.0); y = jnp.where(mask, f(safe), 0.0).")
    if value == "inf":
        text += " The check reporting inf means jax_debug_infs is on; an overflow (exp, large logits, fp16) is the usual source."
    fix.append("If parameters diverged (NaN in matmuls/convolutions), lower the learning rate or add optax.clip_by_global_norm.")
    fix.append("Switch jax_debug_nans off again for normal runs: it checks every result and slows training.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
