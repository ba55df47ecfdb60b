"""Computed diagnosis for flax.param-shape-mismatch: which axis of which parameter differs between the stored params and the module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: Any) -> list[str] | None:
    s = str(s or "").strip().strip("()")
    if not s:
        return []
    out = [p.strip() for p in s.split(",") if p.strip()]
    return out or None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    stored, init = _dims(facts.get("stored_shape")), _dims(facts.get("init_shape"))
    param = str(facts.get("param") or "?")
    scope = str(facts.get("scope") or "").strip() or "(scope path on the next log line)"
    if stored is None or init is None:
        return None
    hint = ""
    fix: list[str] = []
    if len(stored) != len(init):
        text = (f"Parameter {param!r} in {scope} is stored with rank {len(stored)} {tuple(stored)} but the module now builds rank "
                f"{len(init)} {tuple(init)}: the weights come from another layer type or layout (Conv1d/Conv2d, a stacked nn.scan "
                "axis, converted PyTorch weights, a different flax/library version).")
        hint = " (different rank: layout or layer type)"
        fix.append(f"Reshape the stored {param} of {scope} to {tuple(init)} or use the library version that wrote the checkpoint.")
    else:
        diff = [i for i, (a, b) in enumerate(zip(stored, init)) if a != b]
        desc = ", ".join(f"axis {i}: stored {stored[i]}, module now {init[i]}" for i in diff) or "no axis differs"
        text = f"Parameter {param!r} in {scope} differs on {desc}."
        last = len(init) - 1
        if diff and set(diff) == {last - 1} and param in ("kernel", "w", "weight"):
            a, b = stored[last - 1], init[last - 1]
            hint = f" (input features: params made for {a}, input now has {b})"
            text += (f" That is the kernel's input-feature axis: the params were created for inputs with {a} features but the "
                     f"current input to {scope} has {b} (changed observation/feature width, config, or init dummy input).")
            fix.append(f"Make the input to {scope} {a} features wide again (same preprocessing/config as when the params were "
                       f"made), or re-init that layer for width {b} and retrain it.")
        elif diff and set(diff) == {last}:
            a, b = stored[last], init[last]
            hint = f" (output features: stored {a}, module now {b})"
            text += " That is the output axis: the layer's features (hidden size / num classes / heads) differ from the config that made the params."
            fix.append(f"Set that layer's features back to {a} to match the params, or re-init {scope} with {b} and fine-tune.")
        else:
            fix.append("Compare the config that created the params with the current one (hidden size, heads, vocab, horizon, patch size).")
    fix.append("Print jax.tree_util.tree_map(jnp.shape, params) next to jax.eval_shape(model.init, key, batch) to list every mismatched leaf.")
    return Explanation(text=text, fix=tuple(fix), derived={"hint": hint, "scope": scope, "param": param})
