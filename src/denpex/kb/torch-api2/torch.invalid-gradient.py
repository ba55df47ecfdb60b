"""Computed diagnosis for torch.invalid-gradient: custom/extension vs built-in backward, and for
shape mismatches which dimension differs; for type/device mismatches which side is on which device."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _shape(text: Any) -> list[int] | None:
    inner = str(text or "").strip().strip("[]").strip()
    try:
        return [int(p) for p in inner.split(",")] if inner else []
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("function") or "")
    idx = facts.get("index")
    builtin = bool(fn) and not fn.startswith("_") and (fn.endswith("Backward") or fn[:-1].endswith("Backward"))
    custom = bool(fn) and not builtin
    derived: dict[str, Any] = {"kind": "custom" if custom else ("builtin" if builtin else "unknown")}
    fix: list[str] = []
    if facts.get("expected_what"):
        ev, gv = str(facts.get("expected_value") or ""), str(facts.get("got_value") or "")
        derived["what"] = f"{fn or 'A backward function'} returned a gradient of the wrong {facts['expected_what']} at index {idx}" + (f": expected {ev}, got {gv}" if gv else "")
        text = f"{fn or 'A backward function'} returned, for input {idx}, a gradient whose {facts['expected_what']} ({gv or '?'}) differs from the input's ({ev or '?'})."
        if ("cuda" in ev) != ("cuda" in gv) and gv:
            text += " One side is on the GPU and the other on the CPU: a gradient or grad_output was created on the wrong device."
            fix.append("Create gradients on the tensor's device: out.backward(gradient=torch.ones_like(out)) / target.to(out.device); in custom backward/hooks return tensors on grad_output.device.")
        else:
            fix.append("Make the custom backward/hook return gradients with the same dtype and device as the forward inputs (.to(input.dtype/device)).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    got, exp = _shape(facts.get("got_shape")), _shape(facts.get("expected_shape"))
    diff = ""
    if got is not None and exp is not None and len(got) == len(exp):
        dims = [i for i, (a, b) in enumerate(zip(got, exp)) if a != b]
        if dims:
            diff = f" (dimension {dims[0]}: {got[dims[0]]} vs {exp[dims[0]]})"
    derived["what"] = f"{fn or 'A backward function'} returned a gradient of shape {facts.get('got_shape')} for input {idx}, expected {facts.get('expected_shape')}"
    if custom:
        text = (f"{fn} is a custom autograd Function / extension kernel; its backward returned a gradient of shape {facts.get('got_shape')} "
                f"for input {idx}, which was {facts.get('expected_shape')} in the forward{diff}. The compiled backward does not match the code that calls it.")
        fix.append("Reinstall the extension the repository ships, from its own submodule (pip install ./submodules/<name> --no-build-isolation --force-reinstall), and uninstall same-named variants from other forks.")
        fix.append("If it is your own Function, return one gradient per forward input with exactly that input's shape (check with torch.autograd.gradcheck).")
    else:
        text = (f"The built-in {fn or 'backward'} produced a gradient of shape {facts.get('got_shape')} for input {idx}, but the tensor recorded in the forward was "
                f"{facts.get('expected_shape')}{diff}: a parameter or input was reshaped/replaced between forward and backward (.data assignment, resize_, a gradient hook).")
        fix.append("Replace layers instead of assigning .data with a new shape (model.fc = nn.Linear(new_in, out)), recreate the optimizer, and run a fresh forward before backward.")
        fix.append("Check register_hook / backward hooks return gradients of unchanged shape.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
