"""Computed diagnosis for python.recursion-limit: which function repeats (from the traceback's tail)
and what that kind of loop needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PICKLE = {"save", "save_reduce", "save_dict", "save_list", "save_tuple", "_batch_setitems", "_batch_appends", "dump", "dumps", "load", "loads", "_load", "persistent_load", "find_class", "_rebuild_from_type_v2", "reduce_ex", "__reduce_ex__", "__setstate__", "__getstate__"}
_DEEPCOPY = {"deepcopy", "_reconstruct", "_deepcopy_dict", "_deepcopy_list", "_deepcopy_tuple", "__deepcopy__", "copy"}
_MODULE_CALL = {"_call_impl", "_wrapped_call_impl", "__call__", "forward"}


def _short(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    where = str(facts.get("where") or "").strip()
    exc = str(facts.get("exc") or "").strip()
    stack_kb = facts.get("stack_kb")
    repeated = facts.get("repeated")
    frames_raw = facts.get("frame_func") or []
    if isinstance(frames_raw, str):
        frames_raw = [frames_raw]
    frames = [str(f) for f in frames_raw if str(f) and str(f) != "<module>"]
    names = {_short(f) for f in frames}
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    depth = ""
    if isinstance(repeated, int):
        depth = f" (the same frame repeated {repeated} more times)"
    if exc == "RuntimeError":
        parts.append("Python 2 (RuntimeError) reports this; the cause is the same.")

    getattr_loop = any(n in ("__getattr__", "__getattribute__") for n in names)
    setattr_loop = "__setattr__" in names and not getattr_loop
    pickling = "pickling" in where or bool(names & _PICKLE)
    deepcopying = bool(names & _DEEPCOPY)
    comparing = "comparison" in where or bool(names & {"__eq__", "__lt__", "__gt__", "__le__", "__ge__", "__ne__", "__hash__"})
    repr_loop = "repr" in where or "str of" in where or bool(names & {"__repr__", "__str__", "__format__"})

    if getattr_loop:
        owner = next((f for f in frames if _short(f) in ("__getattr__", "__getattribute__")), "__getattr__")
        derived["what"] = f"{owner} calls itself{depth}: it reads an attribute of self that does not exist on an object rebuilt without __init__"
        ctx = " during unpickling (pickle/torch.load or a spawned DataLoader/multiprocessing worker)" if pickling else (" during copy.deepcopy" if deepcopying else "")
        parts.append(f"{owner} is the repeating frame{depth}{ctx}. __getattr__ runs only for attributes not found normally; it reads self.<something> that is missing too (objects made by pickle, deepcopy or spawn skip __init__, so the delegated-to attribute does not exist yet), which calls __getattr__ again.")
        fix.append("Make __getattr__ fail fast: look the delegate up in self.__dict__ (inner = self.__dict__.get('inner')) and raise AttributeError(name) when it is missing or when name starts with '__'; in an nn.Module subclass call super().__getattr__(name) first (parameters and submodules live in _parameters/_modules).")
        if pickling:
            fix.append("Or give the class __getstate__/__setstate__ so unpickling restores the delegate before any attribute access; as a stopgap num_workers=0 avoids pickling the dataset into workers.")
    elif setattr_loop:
        derived["what"] = f"__setattr__ calls itself{depth}"
        parts.append(f"__setattr__ is the repeating frame{depth}: assigning self.x = ... inside __setattr__ calls __setattr__ again.")
        fix.append("Inside __setattr__ assign through object.__setattr__(self, name, value) (or super().__setattr__), never self.name = value.")
    elif pickling:
        derived["what"] = f"pickling a structure nested deeper than the recursion limit{depth}"
        parts.append(f"pickle recursed once per nesting level{' (' + where + ')' if where else ''}{depth}: the object being saved or sent to another process (multiprocessing/DataLoader worker, torch.save, Ray, a cache) is a deeply nested or linked structure - a tree, graph, linked list or symbolic expression.")
        fix.append("Flatten the data before pickling (arrays, edge lists, plain dicts) or pass only what the worker needs.")
        fix.append("If the depth is finite and known, raise the limit deliberately in the process that pickles: sys.setrecursionlimit(10000) (and run inside a thread with threading.stack_size(256 * 1024 * 1024) for very deep data).")
    elif deepcopying:
        derived["what"] = f"copy.deepcopy recursed too deep{depth}"
        parts.append(f"copy.deepcopy is repeating{depth}: it recurses per nesting level, or loops when a class's __deepcopy__/__getattr__ calls back into deepcopy (common with wrapped models copied for EMA or evaluation).")
        fix.append("Check the class being copied for __getattr__/__deepcopy__ that touch missing attributes; for models copy the state_dict into a freshly constructed model instead of deepcopy(model).")
    elif comparing:
        derived["what"] = f"a comparison recursed too deep{depth}"
        parts.append(f"A comparison recursed{depth}: == or < on deeply nested containers, or an __eq__/__lt__ that compares through another object back to itself.")
        fix.append("Compare a flat key (an id, a tuple of fields) instead of whole nested objects; make __eq__ compare fields, not self with other through a wrapper.")
    elif repr_loop:
        derived["what"] = f"repr/str recursed{depth}"
        parts.append(f"repr/str recursed{depth}: an object whose __repr__ prints something that contains it again (a parent referencing a child referencing the parent).")
        fix.append("Make __repr__ print identifiers (names, ids) of related objects instead of the objects.")
    elif names & _MODULE_CALL:
        derived["what"] = f"a module's forward calls itself{depth}"
        parts.append(f"nn.Module.__call__/forward repeats{depth}: forward calls self(...) or a submodule that is the module itself (a module registered as its own child, or a wrapper that wraps itself).")
        fix.append("Inside forward call the inner module (self.model(x)), never self(x); check that no module is assigned as its own attribute.")
    elif frames:
        top = frames[0]
        derived["what"] = f"{top} recursed past the limit{depth}"
        parts.append(f"{top} is the innermost repeating function{depth}: either its base case is never reached, or the input is deeper than the recursion limit (1000 by default).")
        fix.append(f"Check the termination condition of {top}; for legitimately deep inputs rewrite it with an explicit stack, or raise sys.setrecursionlimit together with threading.stack_size.")
    else:
        derived["what"] = f"maximum recursion depth exceeded{(' ' + where) if where else ''}"
        parts.append(f"The call chain passed the recursion limit{(' ' + where) if where else ''}. The frame printed right above '[Previous line repeated N more times]' in the traceback is the loop.")
        fix.append("Find the repeating frame and fix its termination (or its __getattr__); raise sys.setrecursionlimit only for finite, known-deep recursion.")
    if isinstance(stack_kb, int):
        parts.append(f"Python 3.14+ measured {stack_kb} kB of C stack in use: the recursion went through C code (pickle, repr, comparison), which the C-stack check stops.")
    if frames:
        derived["repeating_frames"] = ", ".join(dict.fromkeys(_short(f) for f in frames[:6]))
    fix.append("Do not just raise sys.setrecursionlimit for an infinite loop: it only delays the error or turns it into a segmentation fault.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
