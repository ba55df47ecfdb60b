"""Computed diagnosis for python.not-callable: what was called (read from the failing line) and, from the
type, why it is not a function: module vs class import, state_dict used as a model, a shadowed name, an
attribute called as a method, a config string."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_ATTRS = ("shape", "data", "grad", "T", "dtype", "device", "ndim", "is_cuda", "mT", "real", "imag", "requires_grad", "weight", "bias")
_SHADOW_BUILTINS = {"str", "int", "float", "list", "dict", "tuple", "set", "sum", "max", "min", "len", "input", "print", "range", "type", "id", "map", "filter", "sorted", "round", "abs", "next", "iter", "open", "format", "vars", "all", "any"}


def _callee(code: str) -> str:
    """The called expression: the last name.attr chain followed by '(' that is not a keyword/builtin call."""
    cands = re.findall(r"((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\s*\(", code)
    skip = {"print", "float", "int", "len", "str", "range", "isinstance", "list", "dict", "tuple", "super"}
    cands = [c for c in cands if c.split(".")[-1] not in skip] or cands
    return cands[0] if cands else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "")
    if not t:
        return None
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    callee = _callee(code)
    name = callee.rsplit(".", 1)[-1] if callee else ""
    subj = f"`{callee}`" if callee else "the called object"
    parts: list[str] = []
    fix: list[str] = []
    base = t.rsplit(".", 1)[-1]
    if t == "module":
        headline = f"{subj} is a module, not the class/function inside it" + where
        parts.append(f"{subj} refers to a module: the code imported the module (import {name or 'X'}) where the class or function of the same name inside it was meant" + (" - tqdm and progressbar are the usual cases" if name in ("tqdm", "progressbar", "pb") else "") + ".")
        if name:
            fix.append(f"from {name} import {name} (or call {callee}.{name}(...)); for your own files: from {name} import <ClassName>.")
        else:
            fix.append("Import the class/function from the module (from X import X) or call module.X(...).")
    elif base in ("OrderedDict", "dict") and re.search(r"model|net|midas|encoder|decoder|generator|policy|load", code + " " + str(facts.get("frame_func") or ""), re.I):
        headline = f"{subj} is a state_dict (a {t}), not a model" + where
        parts.append(f"{subj} holds a {t}: torch.load returned a state_dict (parameter name -> tensor) because the file was saved with torch.save(model.state_dict()), so there is no model object to call.")
        fix.append("Build the model and load the weights into it: model = ModelClass(<same config>); model.load_state_dict(torch.load(path, map_location='cpu')); model.eval(); then call model(x).")
    elif base in ("Tensor", "ndarray", "Parameter") or t in ("numpy.ndarray", "torch.Tensor"):
        attr = next((a for a in _ATTRS if re.search(rf"\.{a}\s*\(", code)), "")
        if attr:
            headline = f".{attr} is an attribute, not a method (called with ())" + where
            parts.append(f"`.{attr}` on a {t} is an attribute; calling it (.{attr}()) calls the {t} it returns.")
            alt = {"shape": "x.shape (or x.size())", "data": "x.data (or better x.detach())", "T": "x.T"}.get(attr, f"x.{attr}")
            fix.append(f"Drop the parentheses: {alt}.")
        else:
            headline = f"{subj} is a {t}, not a function: the name was overwritten" + where
            parts.append(f"{subj} holds a {t}: an earlier assignment reused the name of a function or module (typically loss = loss(pred, y) or out = self.layer(...) assigned to self.layer), so the next call hits the value - often on the second iteration of a loop.")
            fix.append(f"Rename the variable that stores the result (e.g. loss_value = criterion(pred, target)) so `{name or 'the function'}` keeps pointing to the function; check self.<name> assignments in forward().")
    elif t in _SHADOW_BUILTINS or base in ("str", "int", "float", "bool", "list", "tuple", "dict", "set", "DataFrame", "Series", "float64", "int64"):
        if name in _SHADOW_BUILTINS:
            headline = f"the builtin {name}() is shadowed by a {t}" + where
            parts.append(f"`{name}` was assigned a {t} earlier ({name} = ...), hiding Python's builtin {name}(); the call uses that value.")
            fix.append(f"Rename that variable and restart the interpreter/kernel (or del {name}) so {name}() is the builtin again.")
        elif t == "str":
            headline = f"{subj} is a string, not a callable" + where
            parts.append(f"{subj} holds a string: a name from a config/argument (a class, activation, policy or checkpoint name) was passed where the object it names was expected, or a function's name was reassigned to a string.")
            fix.append(f"Resolve the string to the object before calling it (load the policy/model it names, getattr(module, name)(), a registry build), or rename the variable that overwrote `{name or 'the function'}`.")
        elif base in ("DataFrame", "Series"):
            headline = f"{subj} is a pandas {base}: index with [ ] instead of ( )" + where
            parts.append(f"A pandas {base} was called with (); columns and rows are selected with [ ] / .loc[ ].")
            fix.append("Use df['column'] / df.loc[...] instead of df('column').")
        else:
            headline = f"{subj} is a {t}, not a function" + where
            parts.append(f"{subj} holds a {t}: the name was reassigned to a value (shadowing a function), or ( ) was used where [ ] indexing was meant" + (" (x(0) instead of x[0])" if t in ("list", "tuple", "dict") else "") + ".")
            fix.append("Use [ ] to index, or rename the variable that overwrote the function's name.")
    else:
        headline = f"{subj} is a {t} object, not a function" + where
        parts.append(f"{subj} is an instance of {t}, which has no __call__: the object was used as if it were a function or class (a wrapper object, a result instead of the function that produces it, or an object whose call method has another name).")
        fix.append(f"Call the method that does the work on the {t} object (see its documentation), or pass the function/class instead of its result.")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg:
        parts.append(f"The call is inside {frame.pkg}: it received this object from your code or configuration.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline[0].upper() + headline[1:]})
