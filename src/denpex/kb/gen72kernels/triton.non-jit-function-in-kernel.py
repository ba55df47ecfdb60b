"""Computed diagnosis for triton.non-jit-function-in-kernel: what to use instead of the named callee."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MATH = {"sqrt", "exp", "exp2", "log", "log2", "sin", "cos", "abs", "fabs", "floor", "ceil", "pow",
         "tanh", "erf", "rsqrt", "max", "min", "maximum", "minimum", "sigmoid"}
_TORCH = {"tensor", "zeros", "ones", "full", "empty", "arange", "zeros_like", "ones_like", "where", "cat"}
_DEBUG = {"set_trace", "breakpoint", "print", "embed", "info", "debug", "warning"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = facts.get("function")
    if not fn:
        return None
    name = str(fn)
    if name in _DEBUG:
        text = (f"'{name}' is a host debugging/logging call placed inside a @triton.jit kernel; compiled kernels "
                "cannot call host Python.")
        fix = ("Remove the call from the kernel; print device values with tl.device_print (or tl.static_print for "
               "compile-time values).",
               "To step through the kernel, set TRITON_INTERPRET=1 before importing triton and break in the "
               "interpreter.")
    elif name in _MATH:
        text = (f"'{name}' is a host math function (math/numpy/builtins) used inside a @triton.jit kernel; use the "
                "triton.language version.")
        fix = (f"Replace it with tl.{name if name not in ('fabs',) else 'abs'} (or tl.math / libdevice for rarer "
               "functions), or compute a host-side constant outside the kernel and pass it in.",)
    elif name in _TORCH:
        text = (f"'{name}' is a PyTorch function used inside a @triton.jit kernel; torch calls cannot run on the "
                "device.")
        fix = (f"Use the triton.language equivalent (tl.{name.replace('tensor', 'full').replace('_like', '')}, "
               "tl.arange, tl.where ...) or build the tensor on the host and pass a pointer.",)
    else:
        text = (f"'{name}' is called inside a @triton.jit kernel but is not itself a Triton function (most often a "
                "helper missing its decorator).")
        fix = (f"Decorate {name} with @triton.jit so it is inlined into the kernel, or replace it with triton.language "
               "operations.",)
    return Explanation(text=text, fix=fix, derived={"callee": name})
