"""Computed diagnosis for keras.functional-input-structure-warning: is the mismatch harmless or a real swap risk?"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(text: str) -> str:
    t = text.strip()
    if t.startswith("{"):
        return "dict"
    if t.startswith("[") or t.startswith("("):
        return "list"
    return "tensor"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expected = str(facts.get("expected") or "").strip()
    received = str(facts.get("received") or "").strip()
    if not expected or not received:
        return None
    exp_kind = _kind(expected)
    rec_kind = "tensor" if received == "*" else _kind(received)
    single = exp_kind == "list" and expected.count(",") == 0
    if single and rec_kind == "tensor":
        case = "one-element list vs bare tensor"
        harmless = "yes"
        text = (f"The model was built with a one-element list of inputs ({expected}) and receives a bare tensor ({received}). "
                "Both flatten to the same single input: the warning is cosmetic.")
        fix = ("Build the model with inputs=x instead of inputs=[x], or call model.predict([x]) to silence it.",)
    elif exp_kind == "dict" and rec_kind != "dict":
        case = "dict-built model fed a list/tensor"
        harmless = "no"
        text = (f"The model expects a dict {expected} but receives {received}: Keras maps the values by sorted key order, "
                "which can feed an array to the wrong input.")
        fix = ("Pass a dict keyed by the Input names, e.g. model.predict({'token_ids': a, 'padding_mask': b}).",)
    elif rec_kind == "dict" and exp_kind != "dict":
        case = "list/tensor-built model fed a dict"
        harmless = "no"
        text = (f"The model was built with {expected} but receives a dict: the dict values are flattened in sorted key order, "
                "not in the order of the model's inputs.")
        fix = ("Pass a list in the model's input order, or rebuild the model with inputs={name: Input(...)}.",)
    else:
        case = "other structure mismatch"
        harmless = "check"
        text = f"Expected structure {expected}, received {received}: check that each array reaches the intended input."
        fix = ("print(model.input) and pass exactly that structure.",)
    return Explanation(text=text, fix=fix, derived={"case": case, "harmless": harmless})
