"""Computed diagnosis for python.not-context-manager: the object used in `with` (type from the message or
the expression on the with line) and the usual reason (missing (), TensorRT 10, torch.device < 2.0,
generator without @contextmanager, None, async/sync mismatch)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_PAREN_LESS = re.compile(r"\bwith\s+(?P<name>(?:torch\.)?(?:no_grad|enable_grad|inference_mode|autocast|set_grad_enabled|cuda\.amp\.autocast|amp\.autocast|autograd\.profiler\.profile|profiler\.profile|autograd\.detect_anomaly)|[\w.]+\.(?:no_grad|inference_mode|autocast))\s*(?::|\bas\b|,)")
_TRT = re.compile(r"engine|execution_context|create_execution_context|deserialize_cuda_engine|trt\.|tensorrt|Builder\(|build_engine|Runtime\(")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "")
    method = str(facts.get("method") or "")
    if not t and not method:
        return None
    is_async = bool(facts.get("kind")) or method.startswith("__a")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    parts: list[str] = []
    fix: list[str] = []
    m = _PAREN_LESS.search(code)
    what = f"a {t} object" if t else "the object"
    if m:
        name = m.group("name")
        headline = f"`with {name}:` is missing the parentheses: use `with {name}():`" + where
        parts.append(f"`{name}` without () is the class/function itself; the context manager is the object it returns.")
        fix.append(f"Write `with {name}():` (autocast takes its device: `with torch.autocast('cuda'):`).")
    elif _TRT.search(code) or frame.pkg == "tensorrt":
        headline = "TensorRT objects are no longer context managers (TensorRT 10)" + where
        parts.append("The with statement manages TensorRT objects (engine, execution context, builder/runtime). TensorRT 10 removed their __enter__/__exit__ methods, so samples written for TensorRT 8.x fail here.")
        fix.append("Create the objects without `with` (engine = runtime.deserialize_cuda_engine(data); context = engine.create_execution_context()) and release them with `del context, engine` when done; or install the TensorRT 8.x version the code was written for.")
    elif re.search(r"torch\.device\(", code) or t == "device":
        headline = "`with torch.device(...)` needs PyTorch >= 2.0" + where
        parts.append("torch.device became usable as a default-device context manager in PyTorch 2.0; older releases raise here.")
        fix.append("Upgrade torch to >= 2.0, or drop the with and pass device=... explicitly (or call torch.set_default_device on 2.x).")
    elif t == "generator":
        headline = "A generator function is used in `with` without @contextmanager" + where
        parts.append("The function yields but is not decorated with @contextlib.contextmanager, so calling it returns a plain generator.")
        fix.append("Decorate the function with @contextlib.contextmanager (or @contextlib.asynccontextmanager for async).")
    elif t == "NoneType":
        headline = "The object in `with` is None" + where
        parts.append("The factory used in the with statement returned None (a function without return, or a failed load that returned None).")
        fix.append("Make the factory return the resource (and check why it returned None), or do not use `with` for it.")
    elif t in ("type", "function", "builtin_function_or_method", "method"):
        headline = f"A {t} is used in `with` instead of the object it creates (missing parentheses?)" + where
        parts.append(f"The with statement received a {t}: call it to get the context manager (with X(): ...).")
        fix.append("Add the call parentheses (and its arguments) in the with statement.")
    elif is_async:
        headline = f"{what[0].upper() + what[1:]} is not an async context manager (async with)" + where
        parts.append("`async with` needs __aenter__/__aexit__; this object is a synchronous context manager or none at all.")
        fix.append("Use `with` for synchronous managers (or the library's async variant, e.g. an AsyncClient), and `async with` only for async ones.")
    else:
        headline = f"{what[0].upper() + what[1:]} is not a context manager" + where
        parts.append(f"The with statement needs __enter__/__exit__; {what if t else 'the object'} has " + (f"no {method}" if method else "neither") + ": it may never have supported `with`, or a library version change removed/added the support.")
        fix.append("Check the object's type and the library version the code was written for; manage the resource explicitly (open/close) if the installed API has no context manager.")
    if code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
