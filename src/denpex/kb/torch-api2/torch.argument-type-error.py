"""Computed diagnosis for torch.argument-type-error: the Python type torch got (from 'not X' or the first
!marked! item of got (...)) and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ADVICE = {
    "tuple": ("the previous module/function returns several values (LSTM/GRU, attention with weights, ODE solvers, HF outputs) and the whole tuple was passed on",
              "Unpack it: out, _ = layer(x) (or out = result[0]; outputs.last_hidden_state for HF models)."),
    "NoneType": ("a function returned None (a forward()/helper without return) or an optional input was not given",
                 "Find the function that produced it and add the missing return, or pass the required input."),
    "list": ("a Python list was passed where a tensor is required",
             "Convert it: torch.stack(list) for tensors of one shape, torch.as_tensor(list) for numbers."),
    "numpy.ndarray": ("a numpy array was passed where a tensor is required",
                      "Convert it: torch.from_numpy(arr).to(device) (and .float()/.long() as needed)."),
    "str": ("a string was passed where a tensor is required (raw text or a path instead of encoded tensors, or iterating a dict gives its keys)",
            "Tokenize/load it into a tensor first; when iterating model outputs, index by key instead of iterating."),
    "dict": ("a dict (or model output object) was passed where a tensor is required",
             "Pass the tensor inside it, e.g. outputs['last_hidden_state'] / outputs.logits."),
    "float": ("a float was passed where an int is required (sizes, strides, padding computed with /)",
              "Use integer arithmetic: // or int(...)."),
}


_PRIORITY = ("tuple", "list", "numpy.ndarray", "str", "dict", "float", "NoneType")


def _first_type(got_args: str) -> str | None:
    """The most telling type in got (...): a container or float beats a None bias (often legal)."""
    items = [p.strip().split("=", 1)[-1].strip("! ") for p in got_args.split(",") if p.strip()]
    for t in _PRIORITY:
        if t in items:
            return t
    return items[0] if items else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    got = facts.get("got")
    if not got and facts.get("got_args"):
        got = _first_type(str(facts["got_args"]))
    got = str(got or "")
    key = "numpy.ndarray" if got.endswith("ndarray") else got
    call = f"{op}()" if op else "torch.cat/stack"
    arg = facts.get("argument")
    derived: dict[str, Any] = {"got_type": got or None}
    where = f"argument '{arg}' of {call}" if arg else call
    if key in _ADVICE:
        why, fx = _ADVICE[key]
        derived["what"] = f"{where} got a {got}: {why.split(' (')[0]}"
        return Explanation(text=f"{where[0].upper() + where[1:]} received a {got}: {why}.", fix=(fx,), derived=derived)
    derived["what"] = f"{call} got an argument of the wrong type" + (f" ({got})" if got else "")
    return Explanation(
        text=f"{call} rejected the Python types it was given" + (f" ({facts.get('got_args')})" if facts.get("got_args") else "") + ": compare them with the expected overloads; the !marked! ones do not match.",
        fix=("Print type(...) of the marked arguments before the call and convert them; if the project pins an older torch and the call is in its code, install that version.",),
        derived=derived,
    )
