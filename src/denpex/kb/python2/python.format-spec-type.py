"""Computed diagnosis for python.format-spec-type: the value type that rejected a format spec, the
logging line that formatted it and the conversion for that type."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_TENSORS = ("Tensor", "TensorBase", "LabelTensor", "Variable", "Parameter", "TensorImage", "TensorCategory", "TensorMultiCategory", "MaskedTensor", "DTensor", "FakeTensor")
_SPEC = re.compile(r"\{([A-Za-z_][\w.\[\]'\"]{0,60})?(?:![rsa])?:([^{}]{1,12})\}")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type") or "")
    code_char = str(facts.get("code_char") or "")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where and frame.func not in ("__format__", "handle_torch_function") else ""
    base = t.rsplit(".", 1)[-1]
    specs = [(m.group(1) or "", m.group(2)) for m in _SPEC.finditer(code)]
    named = [n for n, _ in specs if n]
    shown = ", ".join(f"`{{{n}:{s}}}`" if n else f"`{{:{s}}}`" for n, s in specs[:3])
    parts: list[str] = []
    fix: list[str] = []
    if code_char:
        if base == "str":
            headline = f"A number is a string: format code '{code_char}' applied to a str" + where
            parts.append(f"The spec :{code_char}... expects a number but the value is a str: it was read from the command line, a JSON/CSV file or a helper that already returns formatted text.")
            fix.append("Convert it where it is read (float(x) / int(x), argparse type=float), or drop the numeric spec if the value is already text.")
        elif base == "float" and code_char in ("d", "x", "X", "o", "b", "c"):
            headline = f"Integer format code '{code_char}' applied to a float" + where
            parts.append(f":{code_char} needs an int; the value is a float - a counter computed with / (Python 3 true division), a step/epoch from a scheduler, or a value loaded as float.")
            fix.append(f"Use int(x) (or // in the computation), or format floats with :.0f.")
        else:
            headline = f"Format code '{code_char}' is not valid for {t}" + where
            parts.append(f"The format code '{code_char}' does not exist for {t} values.")
            fix.append(f"Convert the value to the type the spec is written for, or change the spec (e.g. :.4f for floats, :d for ints, !r for reprs).")
    elif not t:
        headline = "A non-empty format spec was applied to an object without __format__ support (Python < 3.4 wording)" + where
        parts.append("object.__format__ accepts only an empty spec; the value formatted with a spec is not a number (often None or a tensor).")
        fix.append("Convert the value to a number (x.item(), float(x)) or drop the spec; check for None first.")
    elif base in _TENSORS or base.endswith("Tensor"):
        headline = f"A {t} was formatted with a numeric spec (use .item())" + where
        parts.append(f"PyTorch formats only plain 0-d tensors with numeric specs; this {t} " + ("is a subclass of Tensor (fastai/PINA/other wrappers), which falls back to object.__format__." if base != "Tensor" and base != "Variable" else "is a PyTorch < 0.4 Variable." if base == "Variable" else "has at least one dimension: a loss of shape [1] or a per-sample vector (reduction='none', indexing with [0:1], values gathered from several GPUs)."))
        target = named[0] if named else "value"
        fix.append(f"Format {target}.item() (one element) or {target}.mean().item() / [f'{{v:.4f}}' for v in {target}.tolist()] (several).")
        if frame.pkg and frame.pkg != "torch":
            fix.append(f"The formatting is inside {frame.pkg}: pass it Python floats (metric.item()) or upgrade {frame.pkg}, which formats tensors it receives in newer releases.")
    elif base == "NoneType":
        headline = "A None value was formatted as a number" + (f" ({shown})" if shown else "") + where
        parts.append("One of the formatted values is None: a metric not computed yet (no validation run, an empty loader), a field missing from a loaded checkpoint, or a function without return.")
        fix.append("Guard it (f'{x:.4f}' if x is not None else 'n/a') or format it without a numeric spec ({x}); fix the producer if the value should exist.")
    elif base in ("list", "tuple", "ndarray", "dict", "Series"):
        headline = f"A {t} was formatted with a numeric spec" + where
        parts.append(f"A {t} holds several values; numeric specs apply to single numbers.")
        fix.append("Format each element (', '.join(f'{v:.4f}' for v in values)) or reduce it first (np.mean(values)); for one-element arrays use .item().")
    else:
        headline = f"A {t} object was formatted with a numeric spec" + where
        parts.append(f"{t} does not implement numeric formatting; the value logged is not the number the log line expects (an object, metric wrapper or result object).")
        fix.append(f"Format the number inside it (e.g. an attribute such as .value/.avg, or float(x)), or drop the spec.")
    if shown and "Format specs" not in " ".join(parts):
        parts.append(f"Format specs on the line: {shown}.")
    if code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
