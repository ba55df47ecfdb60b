"""Computed diagnosis for python.ambiguous-truth-value: which construct on the failing line asked an
array/tensor/Series for one bool (existence test, == None, chained comparison, and/or, batch comparison,
builtin max/min/in) and the element-wise or reducing rewrite for it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_NAME = r"[A-Za-z_][\w.]*(?:\[[^\[\]]{0,30}\])?"
_CHAIN = re.compile(rf"[\w.)\]]+\s*(?:<=?|>=?)\s*({_NAME})\s*(?:<=?|>=?)\s*[\w.(\[-]+")
_NONE_CMP = re.compile(rf"({_NAME})\s*(?:==|!=)\s*None\b|\bNone\s*(?:==|!=)\s*({_NAME})")
_IF_BARE = re.compile(rf"^\s*(?:if|elif|while)\s+(?:not\s+)?({_NAME})\s*(?::|\band\b|\bor\b)")
_BOOLOP = re.compile(r"\b(?:and|or|not)\b")
_CMP = re.compile(r"(?:==|!=|<=|>=|<|>)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    if not kind:
        return None
    code = str(facts.get("code") or "").strip()
    cond = str(facts.get("cond") or "").strip()
    if cond and (not code or code.startswith(("raise ", ".format", "self.__class__", "f\"", "f'")) or not re.search(r"\b(?:if|elif|while|assert|and|or|not|else)\b|[<>=]", code)):
        code = cond  # the library's raise line says nothing: use the condition that asked for a bool
    lib = str(facts.get("lib") or "")
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where and frame.func not in ("__nonzero__", "__bool__") else ""
    obj = "Series" if kind == "a Series" else "DataFrame" if kind == "a DataFrame" else "Index" if kind == "an Index" else "array"
    empty = kind == "an empty array"
    art = "an" if obj[0] in "aeiouAEIOU" else "a"
    objs = obj if obj.endswith("s") else obj + "s"
    parts: list[str] = []
    fix: list[str] = []
    if lib == "jax" or "jax" in frame.file:
        headline = "A traced JAX array was used as a Python bool inside jit" + where
        parts.append("Under jax.jit values are abstract tracers; Python if/and/or on them cannot be decided at trace time (JAX 0.4.14+ reports it with the NumPy wording).")
        fix.append("Use jnp.where / jax.lax.cond / lax.select for data-dependent choices, or mark the argument static (static_argnums) if it is a configuration flag.")
        if code:
            parts.append(f"Line: `{code}`.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    m_none = _NONE_CMP.search(code)
    m_chain = _CHAIN.search(code)
    m_if = _IF_BARE.search(code)
    if empty:
        headline = f"An empty {obj} was used as a condition" + where
        parts.append(f"The {obj} has no elements (an empty batch, no detections/boxes, an empty selection) and was used where Python needs one True/False.")
        fix.append("Test emptiness explicitly: x.size > 0 (NumPy), len(x) > 0, and handle the empty case (skip the batch or return early).")
    elif m_none:
        name = m_none.group(1) or m_none.group(2)
        headline = f"`{name}` == None compares element-wise: use `is None`" + where
        parts.append(f"`{name}` is {art} {obj}, so comparing it with == None / != None produces {art} {obj} of booleans, which the condition then cannot use.")
        fix.append(f"Use identity: `{name} is None` / `{name} is not None`.")
    elif m_chain and not m_if:
        mid = m_chain.group(1)
        headline = f"Chained comparison on {art} {obj} (`{m_chain.group(0).strip()}`)" + where
        parts.append(f"`a < {mid} < b` is evaluated as (a < {mid}) and ({mid} < b); `and` needs one bool but each comparison is {art} {obj} of booleans.")
        fix.append(f"Write it element-wise: (a < {mid}) & ({mid} < b) (or torch.logical_and / np.logical_and).")
    elif m_if and not _CMP.search(code.split(":")[0]):
        name = m_if.group(1)
        headline = f"`if {name}:` on {art} {obj} (testing existence/emptiness)" + where
        parts.append(f"`{name}` is {art} {obj} with several elements; `if {name}` (or {name} and/or ...) does not mean 'is set' or 'is non-empty' for {objs}.")
        fix.append(f"Say what is meant: `{name} is not None` (exists), len({name}) > 0 / {name}.size > 0" + (f" / not {name}.empty" if obj in ("Series", "DataFrame") else "") + f" (non-empty), or {name}.any() / {name}.all().")
    elif _CMP.search(code) and re.search(r"\bif\b|\belse\b|\bwhile\b|\bassert\b", code):
        headline = f"A comparison of {objs} used as one True/False (a batch where a single value was expected)" + where
        parts.append(f"The comparison on this line yields one result per element: at least one side is {art} {obj} with several values - a batch of predictions, labels or scores where the code expects one sample.")
        if re.search(r"\bcorrect\b|\bacc|\bpred", code):
            fix.append("Count matches over the batch: correct += int((pred == labels).sum()) (argmax over the class dimension first).")
        fix.append("If the value should be a single sample, index it (pred[0]) or reduce it (.item(), .max(), .any()/.all()) before comparing; np.array_equal(a, b) tests whole-array equality.")
    elif _BOOLOP.search(code):
        headline = f"and/or/not applied to {art} {obj}" + where
        parts.append(f"and / or / not convert each operand to one bool; with {art} {obj} of several elements that is ambiguous.")
        fix.append("Use element-wise operators: & (and), | (or), ~ (not), with parentheses around each comparison; pandas filters: df[(cond1) & (cond2)].")
    elif re.search(r"\b(?:max|min|sorted|sort)\(|\bin\b", code):
        headline = f"A Python builtin compared {objs} element-wise" + where
        parts.append(f"max()/min()/sorted() and `x in list` compare items with < or ==; on {objs} each comparison is {art} {obj}, not a bool.")
        fix.append("Use the library reductions (np.max / np.maximum / stack then argmax), or compare by identity/id() for membership.")
    else:
        headline = f"{art.capitalize()} {obj} with several elements was used where one True/False is needed" + where
        parts.append(f"{art.capitalize()} {obj} reached an if/while, and/or/not, a ternary, assert or a chained comparison; Python cannot turn several elements into one bool.")
        fix.append("Reduce it (x.any(), x.all(), x.item() for one element), test presence with `is not None`, or rewrite the logic element-wise with & | ~.")
    if code and "Line:" not in " ".join(parts):
        parts.append(f"Line: `{code}`.")
    pkg = frame.pkg if frame.pkg not in ("numpy", "pandas") else (lib if lib not in ("numpy", "pandas") else "")
    if pkg:
        parts.append(f"The check is inside {pkg}: it received an array/tensor where it expects None or a single value (e.g. validation data passed as arrays to an API that tests `if x:`); pass the argument in the form it documents or upgrade it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
