"""Computed diagnosis for pybind11.incompatible-function-arguments: which argument does not fit."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _split(text: str) -> list[str]:
    """Split a comma list at top level (outside brackets and quotes)."""
    out, depth, cur, quote = [], 0, [], ""
    for ch in text:
        if quote:
            cur.append(ch)
            if ch == quote:
                quote = ""
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def _kind(value: str) -> str:
    v = value.strip()
    if v.startswith("tensor(") or v.startswith("Parameter containing"):
        return "torch.Tensor"
    if v.startswith("array("):
        return "numpy.ndarray"
    m = re.match(r"<([\w.]+) object at 0x", v)
    if m:
        return m.group(1)
    if v[:1] in "'\"":
        return "str"
    if v in ("True", "False"):
        return "bool"
    if v == "None":
        return "None"
    if re.fullmatch(r"-?[0-9]+", v):
        return "int"
    if re.fullmatch(r"-?[0-9]*\.[0-9]*(?:e-?[0-9]+)?|-?[0-9]+e-?[0-9]+|nan|inf", v):
        return "float"
    if v.startswith("["):
        return "list"
    if v.startswith("("):
        return "tuple"
    if v.startswith("{"):
        return "dict"
    return ""


def _params(supported: str) -> list[tuple[str, str]]:
    m = re.search(r"\((.*)\)", supported)
    if not m:
        return []
    params = []
    for p in _split(m.group(1)):
        if p in ("*", "/") or p.startswith("*"):
            continue
        name, _, typ = p.partition(": ")
        typ = typ.split(" = ")[0].strip()
        params.append((name.strip(), typ))
    return params


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _mismatch(expected: str, got: str) -> str:
    e = expected.lower()
    if not got:
        return ""
    if "::" in expected and "." in got and got not in ("numpy.ndarray", "torch.Tensor"):
        return (f"{_a(got)} object for a parameter shown as the C++ name {expected}: the extension does not see the Python "
                "registration of that type, so it was built against another copy or ABI of the library that binds it "
                "(e.g. a torch C++ extension compiled for another torch build): rebuild the extension against the installed version")
    if "ndarray" in e or "eigen" in e or "numpy" in e:
        if got == "torch.Tensor":
            return "a torch tensor where a NumPy array is required: pass x.detach().cpu().numpy()"
        if got in ("list", "tuple"):
            return f"a Python {got} where a NumPy array is required: pass np.asarray(x, dtype=...)"
        if got == "numpy.ndarray":
            m = re.search(r"numpy\.(float\d+|int\d+|uint\d+|bool)", expected)
            dt = m.group(1) if m else "the listed dtype"
            return f"an array whose dtype/shape/layout does not fit {expected}: pass np.ascontiguousarray(x, dtype=np.{dt}) with the listed shape"
        return ""
    if "tensor" in e and got == "numpy.ndarray":
        return "a NumPy array where a tensor is required: pass torch.from_numpy(x)"
    if e == "int" and got == "float":
        return "a float where an int is required: pass int(value)"
    if e in ("int", "float", "bool", "str") and got not in (e, "int" if e == "float" else e):
        if got == "None":
            return f"None where {_a(e)} is required"
        return f"{_a(got)} where {_a(e)} is required"
    if "std::" in expected and got in ("list", "dict", "tuple"):
        return f"a Python {got} for the C++ type {expected}: the module lacks the pybind11/stl.h casters, so it cannot take Python containers"
    if got not in ("int", "float", "str", "bool", "None", "list", "tuple", "dict", "") and "." in got and "." in expected:
        if got.split(".")[-1] == expected.split(".")[-1] and got != expected:
            return f"an object of {got} where {expected} is required: same class name from another module or copy of the library"
    return ""


def self_first(ps: list[tuple[str, str]], args: list[str]) -> bool:
    return bool(ps and args and ps[0][0] == "self" and _kind(args[0]) in ("numpy.ndarray", "torch.Tensor", "int", "float", "str", "list"))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = str(facts.get("function") or "").strip() or "(unnamed)"
    kind = str(facts.get("kind") or "function")
    supported = str(facts.get("supported") or "").strip()
    invoked = str(facts.get("invoked_with") or "").strip()
    invoked_types = str(facts.get("invoked_types") or "").strip()
    binding = "nanobind" if invoked_types else "pybind11"
    lines = [f"{binding} could not match the arguments of {func}() to any bound {kind} overload."]
    fix: list[str] = []
    if supported:
        lines.append(f"Accepted (first overload): {supported}.")
    params = _params(supported)
    if invoked and params:
        args_part = invoked.split("; kwargs:")[0]
        complete = sum(args_part.count(c) for c in "([{") == sum(args_part.count(c) for c in ")]}")
        args = _split(args_part)
        ps = [p for p in params if p[0] != "self"] if kind == "constructor" else params
        if complete and args and ps and ps[0][0] == "self" and len(args) == len(ps) - 1 and _kind(args[0]) != ps[0][1]:
            lines.append(f"It got {len(args)} argument(s) for {len(ps)} parameter(s) including self: the method was called on the class, not on an instance.")
            fix.append(f"Create the object first (obj = {ps[0][1].split('.')[-1]}(...)) and call obj.{func}(...).")
        elif complete and args and ps and len(args) != len(ps) and "=" not in supported:
            lines.append(f"It got {len(args)} positional argument(s) for {len(ps)} parameter(s): the call was written for another version of the API or misses an argument.")
            fix.append(f"Call {func} with the parameters listed: {', '.join(n for n, _ in ps)}.")
        for i, ((name, typ), arg) in enumerate(zip(ps, args)):
            why = _mismatch(typ, _kind(arg))
            if why:
                lines.append(f"Argument {i + 1} ({name}: {typ}) is {why}.")
                if "rebuild" in why:
                    fix.append("Rebuild the extension against the installed library (same torch/package build, same compiler ABI), or install the extension build made for it.")
                else:
                    fix.append(f"Convert argument {name}: {why.split(': ', 1)[-1] if ': ' in why else 'pass ' + _a(typ)}.")
                break
        if not complete and self_first(ps, args):
            lines.append("The first value received is not an instance of the class: if this is a method, it was called on the class instead of an instance.")
            fix.insert(0, f"Create the object first (obj = {ps[0][1].split('.')[-1]}(...)) and call obj.{func}(...), then check each array against the listed dtype and shape.")
    elif invoked_types:
        lines.append(f"Argument types received: {invoked_types}.")
        types = [t.strip() for t in invoked_types.split(", kwargs")[0].split(",") if t.strip()]
        for (name, typ), got in zip(params, types):
            if name == "self":
                continue
            why = _mismatch(typ, {"numpy.ndarray": "numpy.ndarray", "torch.Tensor": "torch.Tensor"}.get(got, got))
            if why:
                lines.append(f"Parameter {name}: {typ} received {why}.")
                fix.append(f"Pass {_a(typ)} for {name} (got {got}).")
                break
    if facts.get("stl_hint"):
        fix.append("The signature holds std:: types: the extension must be built with #include <pybind11/stl.h> (rebuild it), or pass the bound C++ container type.")
    if not fix:
        fix.append("Convert each argument to the type listed in the accepted signature (np.ascontiguousarray(x, dtype=...), int(), .cpu().numpy()).")
    return Explanation(text=" ".join(lines), fix=tuple(fix), derived={"binding": binding})
