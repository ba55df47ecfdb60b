"""Computed diagnosis for julia.method-error: read the argument types and classify the mismatch."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _split_args(args: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in args:
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return [a for a in out if a]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = str(facts.get("func") or "").strip()
    rest = str(facts.get("rest") or "").strip()
    if ")(" in rest:
        args = rest[rest.rfind(")(") + 2:]
    else:
        args = rest[1:] if rest.startswith("(") else rest
    if args.endswith(")"):
        args = args[:-1]
    if facts.get("callable"):
        func = f"(::{facts.get('func')})"
    from_t = str(facts.get("from_type") or "").strip()
    to_t = str(facts.get("to_type") or "").strip()
    fixes: list[str] = []
    if from_t and to_t:
        if "Py" in from_t:
            diagnosis = "python-object-not-converted"
            text = f"A Python object ({from_t}) was stored where Julia expects {to_t}; juliacall/PyCall do not convert it implicitly."
            fixes.append(f"Convert explicitly: pyconvert({to_t}, x) (PythonCall) or convert the value on the Python side (tuple(), numpy array).")
        elif from_t.startswith("Nothing"):
            diagnosis = "nothing-value"
            text = f"`nothing` was assigned where a {to_t} is required: a lookup or function returned nothing."
            fixes.append("Handle the not-found case or make the function return a value.")
        else:
            diagnosis = "no-conversion"
            text = f"There is no conversion from {from_t} to {to_t} (typed field, typed array element or return annotation)."
            fixes.append(f"Construct the target explicitly ({to_t}(x) / parse({to_t}, s)) or widen the field/array type.")
        return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "args_short": from_t, "hint": f" ({from_t} -> {to_t})"})
    if not func:
        return None
    parts = _split_args(args)
    types = [re.sub(r"^[\w!]*::", "", p) for p in parts]
    short = ", ".join(t[:40] for t in types[:4]) + (", ..." if len(types) > 4 else "")
    joined = " ".join(types)
    base = func.strip("():").split(".")[-1]
    if "Nothing" in types:
        diagnosis, text = "nothing-argument", f"Argument {types.index('Nothing') + 1} of {func} is `nothing`: a previous step returned nothing."
        fixes.append("Find where that value is produced (missing return, findfirst/match without a hit) and handle it.")
    elif "Missing" in joined:
        diagnosis, text = "missing-values", f"{func} received data with missing values (Union{{Missing, ...}})."
        fixes.append("Drop or impute missings first: dropmissing(df), coalesce.(x, 0), disallowmissing(x).")
    elif "CuArray" in joined and re.search(r"(?<!Cu)Array\{", joined):
        diagnosis, text = "cpu-gpu-mix", f"{func} got a GPU array and a CPU array together."
        fixes.append("Move all arguments to one device: gpu(x)/cu(x) or cpu(x)/Array(x).")
    elif "Py" in joined.split("{")[0] or "PyObject" in joined or "PythonCall.Py" in joined:
        diagnosis, text = "python-object", f"{func} got a Python object that was not converted to a Julia type."
        fixes.append("Convert with pyconvert(T, x) / PyArray(x) before calling the Julia function.")
    elif re.search(r"Float64", joined) and re.search(r"Float32", joined):
        diagnosis, text = "float-precision-mix", f"{func} mixes Float64 and Float32 arguments; Flux/Lux layers are Float32."
        fixes.append("Convert the data: Float32.(x) (or f32(model) / f64(model) to match).")
    elif re.search(r"DataFrame|(?:Array|Vector|Matrix)\{Any", joined):
        diagnosis, text = "table-or-any-array", f"{func} got a DataFrame or Array{{Any}}; numeric methods need a concrete numeric array."
        fixes.append("Convert: Matrix{Float32}(df) / Float32.(x) so the element type is concrete.")
    elif re.search(r"\bVector\{|AbstractVector", joined) and base in {"Dense", "Chain", "Conv", "train!", "logitcrossentropy", "crossentropy", "mse"}:
        diagnosis, text = "vector-instead-of-batch", f"{func} got a Vector; layers and losses expect a feature x batch Matrix (or WHCN array)."
        fixes.append("Add a batch dimension: reshape(x, :, 1) or stack samples with hcat/stack.")
    else:
        diagnosis, text = "signature-mismatch", (f"No method of {func} accepts ({short}); the argument types, order or count differ "
                                                 "from every defined method.")
        fixes.append(f"Compare with 'Closest candidates are:' (methods({base})) and convert/reorder the arguments, or check the API of the installed package version.")
    return Explanation(text=text, fix=tuple(fixes), derived={"diagnosis": diagnosis, "args_short": short, "hint": f" for {func}({short})"})
