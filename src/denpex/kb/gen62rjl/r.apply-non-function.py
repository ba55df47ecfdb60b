"""Computed diagnosis for r.apply-non-function: which part of the call is not a function."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TF1 = re.compile(r"\btf\$(Session|placeholder|global_variables_initializer|train\$|contrib|InteractiveSession|get_variable|variable_scope)")
_DOLLAR_CALL = re.compile(r"^(?P<obj>[A-Za-z_.][\w.]*(?:\$[\w.]+)*)\$(?P<meth>[\w.]+)\s*\(")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "").strip()
    fix: list[str] = []
    if call and _TF1.search(call):
        diagnosis = "tf1-api-on-tf2"
        text = f"`{call}` uses the TensorFlow 1 graph API, which TensorFlow 2 no longer has at the top level: the attribute is NULL."
        fix.append("Use tf$compat$v1$... (e.g. tf$compat$v1$Session()) or rewrite eagerly; or install the TensorFlow 1.x the code targets.")
        hint = " (TF1 API under TensorFlow 2)"
    elif call and (m := _DOLLAR_CALL.match(call)):
        obj, meth = m.group("obj"), m.group("meth")
        diagnosis = "null-method"
        text = (f"In `{call}`, `{obj}${meth}` is not a function - most likely NULL: either `{obj}` is NULL/lacks that element "
                f"(e.g. an empty batch or missing field) or the installed version of its class has no `{meth}` method.")
        fix.append(f"Inspect str({obj}) just before the call: if it is NULL, fix what produces it (dataloader/sampler length, dataset element names); otherwise use the method name the installed version provides.")
        hint = f" ({obj}${meth} is not a function)"
    elif call:
        diagnosis = "non-function-value"
        text = f"The function part of `{call}` evaluates to something that is not a function (often NULL, or a variable shadowing a function name)."
        fix.append("Check what the called name is bound to (str(name)); rename variables that shadow functions.")
        hint = f" in {call[:60]}"
    else:
        diagnosis = "non-function-value"
        text = ("A value that is not a function was called: usually obj$method() with obj$method NULL (TF1 API on TensorFlow 2, a "
                "renamed method, a NULL object).")
        fix.append("Run traceback() to see the call, then str() the object before the last $.")
        hint = " (a NULL or non-function value was called)"
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "call_hint": hint})
