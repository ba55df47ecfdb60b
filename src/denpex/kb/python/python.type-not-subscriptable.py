"""Computed diagnosis for python.type-not-subscriptable: the indexed expression (read from the failing
line) and, from its type, what it really is and how to get at its items."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_EXPR = r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*|\[[^\[\]]{0,40}\]|\([^()]{0,60}\))*"
_SCALARS = {"int", "float", "bool", "complex", "numpy.int64", "numpy.float64", "numpy.float32", "numpy.int32", "numpy.bool_"}
_CALLABLES = {"method", "builtin_function_or_method", "function", "method-wrapper", "functools.partial", "classmethod", "staticmethod"}
_ITERS = {"generator", "map", "filter", "zip", "enumerate", "dict_keys", "dict_values", "dict_items", "odict_keys", "odict_values", "itertools.chain", "reversed", "list_iterator", "set"}
_LOADERS = {"DataLoader", "_SingleProcessDataLoaderIter", "_MultiProcessingDataLoaderIter", "DataLoaderShard", "MpDeviceLoader"}


def _indexed(code: str) -> str:
    m = re.search(rf"({_EXPR}?)\[", code)
    return m.group(1) if m else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "")
    if not t:
        return None
    problem = str(facts.get("problem") or "is not subscriptable")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    expr = _indexed(code)
    subj = f"`{expr}`" if expr else "the indexed value"
    base = t.rsplit(".", 1)[-1]
    parts: list[str] = []
    fix: list[str] = []
    if "assignment" in problem or "deletion" in problem:
        headline = f"{subj} is an immutable {t}" + where
        parts.append(f"{subj} is a {t}, which cannot be changed in place" + (" (dataset samples, shapes and namedtuples are tuples)" if t == "tuple" else "") + ".")
        fix.append(f"Make a mutable copy before assigning (x = list(x); x[i] = v) or build a new {t} from the parts.")
    elif t in _CALLABLES:
        m = re.search(r"\.(\w+)\[", code)
        meth = m.group(1) if m else ""
        if meth == "size":
            headline = ".size is a method on tensors: use .shape[i] or .size(i)" + where
            parts.append("`.size[...]` indexes a method: on a torch Tensor size() is a method (PIL Image.size is a tuple, so code written for PIL images breaks when it receives a tensor).")
            fix.append("Use x.shape[i] (or x.size(i)) for tensors; if a PIL image was expected, convert the tensor back (torchvision.transforms.functional.to_pil_image) or pass the original image.")
        else:
            headline = (f"`.{meth}` is a method indexed without calling it" if meth else f"a {t} was indexed without calling it") + where
            parts.append(f"A {t} was indexed: the parentheses that call it are missing" + (f" (`.{meth}[...]` instead of `.{meth}()[...]`)" if meth else "") + ".")
            fix.append(f"Call it first: .{meth or 'method'}()[i]" + (" - for dict views: list(d.keys())[i]" if meth in ("keys", "values", "items") else "") + ".")
    elif t in _ITERS or base in ("generator",):
        headline = f"{subj} is a lazy {t}: iterate it or convert with list()" + where
        parts.append(f"{subj} is a {t}: it produces items one at a time and has no index" + (" (dict.keys()/values() are views on Python 3)" if t.startswith(("dict_", "odict_")) else "") + (" (a set has no order)" if t == "set" else "") + ".")
        fix.append(f"Use list({expr or 'x'})[i] (or sorted(...) for a set), or next(iter({expr or 'x'})) for the first item.")
    elif base in _LOADERS:
        headline = f"{subj} is a {base}: get batches with next(iter(...)), samples from .dataset[i]" + where
        parts.append(f"A {base} yields batches when iterated; it cannot be indexed.")
        fix.append(f"batch = next(iter({expr or 'loader'})) for one batch, or {expr or 'loader'}.dataset[i] for one sample.")
    elif t in _SCALARS or base in ("int64", "float64", "float32", "int32"):
        headline = f"{subj} is a number ({t}), not a list/dict" + where
        parts.append(f"{subj} is a {t}: the producer returned a scalar where a container was expected (a count, loss, label or id instead of a list/dict/tuple; a file that loaded as a number), or the name was reassigned to a number in a loop.")
        fix.append(f"Print {expr or 'the value'} and where it is assigned; make the producer return the structure the code indexes (or stop indexing the scalar).")
    elif t == "module":
        headline = f"{subj} is a module" + where
        parts.append(f"{subj} is a module object: the name refers to an imported module, not the data/config object meant (a module named like a variable, or import X instead of from X import X).")
        fix.append("Import the object from the module (from X import cfg) or rename the variable that clashes with the module name.")
    elif base in ("PosixPath", "WindowsPath", "Path"):
        headline = f"{subj} is a pathlib path" + where
        parts.append("pathlib paths are not sequences: use .parts[i], .name/.stem/.suffix, or str(p)[...].")
        fix.append("Replace p[...] with p.parts[i] / p.name / p.suffix, or str(p)[...] for string slicing.")
    else:
        headline = f"{subj} is a {t} object, which cannot be indexed" + where
        parts.append(f"{subj} is an instance of {t} without __getitem__: " + ("a custom nn.Module is not indexable like nn.Sequential - reach its layers by attribute. " if re.search(r"Net|Model|Module|Encoder|Decoder|Layer|Block", t) else "") + "index the attribute or method result that holds the items, not the object itself.")
        fix.append(f"Use the attribute that holds the data (e.g. {expr or 'obj'}.<attribute>[i]), or add __getitem__ to {t} if indexing it is intended.")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg:
        parts.append(f"The indexing is inside {frame.pkg}: it received this {t} from your code or data (an argument of another type than it expects).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline[0].upper() + headline[1:]})
