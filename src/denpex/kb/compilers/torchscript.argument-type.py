"""Computed diagnosis for torchscript.argument-type: what was expected, what was passed, and the conversion that fixes it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _conversion(expected: str, found: str, arg: str) -> str | None:
    e, f = expected.replace(" (inferred)", "").strip(), found.replace(" (inferred)", "").strip()
    if re.fullmatch(r"List\[Tensor\]|Tensor\[\]", e) and f == "Tensor":
        return f"Pass a list of tensors for '{arg}' (e.g. model([img]) or list(batch.unbind(0))) - detection models take one tensor per image."
    if e == "Tensor" and f.lower() in ("list", "tuple") or (e == "Tensor" and f.startswith(("List[", "Tuple["))):
        return f"Convert '{arg}' to a tensor before the call (torch.tensor(value) / torch.stack(list_of_tensors)), or pass the elements as separate arguments if the model was traced that way."
    if e.startswith("Optional[") is False and f in ("NoneType", "None"):
        return f"'{arg}' is not Optional in the compiled signature: pass a tensor/value, or annotate it Optional[...] and handle None before re-scripting."
    if e.startswith("Dict[") and not f.startswith("Dict["):
        return f"Pass a plain dict for '{arg}' (dict(value)); dict subclasses and custom mappings ({f}) have no TorchScript type."
    if f.startswith("Optional[") and "inferred" in expected:
        return f"The callee's argument '{arg}' was never annotated, so it defaulted to Tensor: annotate it Optional[Tensor] (or check 'if x is not None:' before the call) and script again."
    if "inferred" in expected:
        return f"'{arg}' had no annotation, so TorchScript assumed Tensor while a {f} is passed: annotate it ({arg}: {f}) and script again."
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn, arg = facts.get("fn"), facts.get("arg")
    expected, found = facts.get("expected"), facts.get("found")
    decl = facts.get("declaration")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if expected and found and arg:
        who = f"{fn}()" if fn else "the called scripted function"
        derived["what"] = f"argument '{arg}' of {who} expects {expected}, got {found}"
        if fn:
            text = f"{who} was called with a {found} for '{arg}', but its compiled signature declares {expected}" + (f" ({decl.strip()})" if decl else "") + "."
        else:
            text = f"While scripting, a call passes a {found} into '{arg}', which the callee declares as {expected}."
            if "inferred" in str(expected):
                text += f" '{arg}' was not annotated, so TorchScript assumed Tensor."
        conv = _conversion(str(expected), str(found), str(arg))
        if conv:
            fix.append(conv)
        fix.append("Compare the call with the Declaration line (print(model.forward.schema) for a loaded model) and pass exactly those types.")
    elif facts.get("most") is not None:
        derived["what"] = f"{fn}() takes at most {facts['most']} argument(s), {facts.get('received')} given"
        text = f"{fn}() was called with {facts.get('received')} arguments but accepts at most {facts['most']} (counting self)" + (f": {decl.strip()}" if decl else "") + "."
        fix.append("Drop the extra arguments, or re-trace/re-script the model with the signature you call it with (traced models accept only the example-input structure).")
    elif arg:
        derived["what"] = f"{fn}() is missing argument '{arg}'"
        text = f"{fn}() was called without '{arg}', which has no default in the compiled signature" + (f": {decl.strip()}" if decl else "") + "."
        fix.append(f"Pass '{arg}', or give it a default (Optional[...] = None) in forward() and script again.")
    else:
        return None
    return Explanation(text=text, fix=tuple(fix), derived=derived)
