"""Computed diagnosis for torchscript.unsupported: what TorchScript rejected, and the rewrite for that construct."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEPRECATED = "If scripting is not required, torch.jit.trace(model, example_inputs) or torch.export avoids compiling Python source (TorchScript is deprecated since PyTorch 2.11)."


def _builtin_fix(b: str) -> str:
    low = b.lower()
    if "next" in low or "iter" in low:
        return "next()/iter() cannot be scripted: get the device/dtype from an input tensor or a registered buffer instead of next(self.parameters())."
    if "numpy" in low or "array" in low or "function asarray" in low:
        return "numpy cannot be called from TorchScript: use the torch equivalent (torch.tensor, torch.from_numpy outside forward, torch.* math)."
    if "_get_tracing_state" in low or "_c." in low or "pycapsule" in low:
        return "A torch._C internal called from library code is not scriptable in this PyTorch version: upgrade, or trace the module instead."
    if "isinstance" in low or "getattr" in low or "hasattr" in low:
        return f"{b} with non-constant arguments cannot be scripted: use typed attributes/Optional checks, or hide the code in a @torch.jit.ignore method."
    return f"Replace {b} with a torch operation, or move the call into a @torch.jit.ignore helper (it then runs in Python and the model cannot run in LibTorch)."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    file, line = facts.get("file"), facts.get("line")
    where = f" at {file}:{line}" if file and line is not None else ""
    derived: dict[str, Any] = {"where": where}
    fix: list[str] = []
    if facts.get("_signature") == "type-expression":
        c = str(facts.get("construct") or "").strip()
        derived["construct"] = f"a type expression built with '{c or '?'}'"
        if c == "|":
            text = (f"An annotation{where} uses the PEP 604 union syntax (X | Y / X | None); TorchScript on this PyTorch/Python "
                    "(Python < 3.10, or a torch.jit that predates union support) cannot read it as a type.")
            fix.append("Write the annotation with typing: Optional[X] for X | None, Union[X, Y] for X | Y (and drop 'from __future__ import annotations' in scripted modules).")
        elif c == "apply":
            text = (f"A call such as type(self) or a factory call is used where TorchScript expects a type{where} "
                    "(isinstance(x, type(self)), a return annotation computed at runtime).")
            fix.append("Name the class literally (isinstance(other, AttentionMask)) or move the check into a @torch.jit.ignore / @torch.jit.unused helper.")
        else:
            text = f"TorchScript could not read the expression '{c}'{where} as a type (a qualified name with characters it cannot parse, or a runtime expression)."
            fix.append("Use a plain class name or a typing construct in annotations; for traced modules saved from dynamic code, re-export from an importable module path.")
        fix.append(_DEPRECATED)
        derived["what"] = derived.pop("construct") + where
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if facts.get("builtin"):
        b = str(facts["builtin"])
        derived["construct"] = f"a call to {b}"
        text = f"torch.jit.script cannot compile the call to {b}{where}: TorchScript only calls torch operations, scripted functions and a fixed list of Python builtins."
        fix.append(_builtin_fix(b))
    elif facts.get("attr"):
        mod, attr, pytype = facts.get("module", "the module"), facts["attr"], facts.get("pytype")
        derived["construct"] = f"{mod}.{attr}"
        if pytype:
            text = (f"forward() uses self.{attr} of {mod}, a Python {pytype} that TorchScript could not convert (its type was inferred from the value, "
                    "and the value holds objects TorchScript has no type for).")
            fix.append(f"Annotate it in the class body (e.g. {attr}: Dict[str, int]) with scriptable element types, store only tensors/numbers/strings in it, "
                       f"or mark it constant (typing.Final / __constants__ = ['{attr}']); if forward() does not need it, stop reading it there.")
        else:
            text = f"{mod} has no attribute {attr} at script time: it is created dynamically, set after scripting, or lives only on the Python wrapper (e.g. DataParallel's .module)."
            fix.append(f"Define self.{attr} in __init__ with a scriptable type (or register it as a buffer), and script the unwrapped model (model.module for DataParallel/DDP).")
    elif facts.get("type_name"):
        t = facts["type_name"]
        derived["construct"] = f"the type annotation {t}"
        text = f"The annotation {t}{where} names a class TorchScript does not know."
        fix.append(f"Decorate the class {t} with @torch.jit.script (it must itself be scriptable), use typing/torch types (List, Dict, Optional, Tuple, torch.Tensor), or NamedTuple.")
    elif facts.get("name"):
        n = facts["name"]
        derived["construct"] = f"the name {n}"
        text = f"The script compiler cannot resolve {n}{where}: it is a global or imported object it cannot compile or close over, or a variable defined in only one branch."
        fix.append(f"Pass {n} in as an argument/attribute, define it on all paths, or call it through a @torch.jit.ignore helper.")
    elif facts.get("construct"):
        c = str(facts["construct"]).strip()
        derived["construct"] = "a Python construct (" + (c[0].lower() + c[1:] if c else "unsupported syntax") + ")"
        low = c.lower()
        text = f"TorchScript's parser rejected a Python construct{where}: {c}."
        if "variable number of arguments" in low:
            fix.append("Replace *args/**kwargs with explicit (Optional) parameters in forward() and every scripted function.")
        elif "lambda" in low:
            fix.append("Replace the lambda with a def (a scripted function or method).")
        elif "comprehension" in low or "generator" in low:
            fix.append("Write the comprehension/generator as an explicit for loop appending to a typed list.")
        else:
            fix.append("Rewrite the marked line in the supported subset of Python (see the TorchScript language reference).")
    else:
        derived["construct"] = "a call (no overload matches the argument types)"
        text = "No overload of the called operator or function accepts these argument types; the error lists every variant and why it did not match."
        fix.append("Read the listed variants: fix the argument types (annotate non-Tensor arguments, e.g. x: int) or the keyword names.")
    fix.append(_DEPRECATED)
    derived["what"] = derived.pop("construct") + where
    return Explanation(text=text, fix=tuple(fix), derived=derived)
