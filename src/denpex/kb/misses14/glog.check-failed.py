"""Computed diagnosis for glog.check-failed: split the check into expression and values, name the program."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VS = re.compile(r"^(?P<expr>.*?)\s*\((?P<a>[^()]*) vs\. (?P<b>[^()]*)\)?\s*(?P<rest>.*)$")
_PATH_PROGRAMS = ("paddle", "caffe", "mxnet", "dmlc", "ceres", "faiss", "sentencepiece", "tensorflow", "xla",
                  "tvm", "colmap", "oneflow", "mindspore", "megengine", "onnxruntime", "xgboost", "lightgbm", "cntk")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check = str(facts.get("check") or "").strip()
    src = str(facts.get("source_file") or "")
    if not check:
        return None
    line = facts.get("source_line")
    m = _VS.match(check)
    derived: dict[str, Any] = {}
    if m and m.group("a") is not None:
        expr, a, b = m.group("expr").strip(), m.group("a").strip(), m.group("b").strip()
        derived.update(expression=expr, lhs_value=a, rhs_value=b)
    else:
        expr, a, b = check, None, None
        derived["expression"] = expr
    program = str(facts.get("program_ns") or "")
    if not program:
        low = src.lower()
        program = next((p for p in _PATH_PROGRAMS if f"{p}/" in low or low.startswith(p)), "")
    if program:
        derived["program"] = program
    where = f"{src}:{line}" if line is not None else src
    who = f"{program}'s " if program else "the program's "
    if a is not None:
        text = f"{who}C++ check '{expr}' at {where} failed with the values {a} vs. {b}; glog aborted the process."
        try:
            ia, ib = int(a), int(b)
        except ValueError:
            ia = ib = None
        if ia is not None and ib is not None and "<" in expr and ia >= ib:
            derived["diagnosis"] = f"value {ia} not below limit {ib}"
            fix = (f"A value ({ia}) reached the limit it must stay under ({ib}): make the data and configuration agree "
                   f"(e.g. a table/dictionary size of at least {ia + 1}, or ids remapped below {ib}).",)
        elif ia is not None and ia < 0:
            derived["diagnosis"] = f"negative value {ia}"
            fix = (f"A negative value ({ia}) reached a check that needs >= {b}: drop or remap invalid/padding labels or ids.",)
        else:
            derived["diagnosis"] = f"{expr} failed ({a} vs. {b})"
            fix = (f"Find which input sets the two values ({a} vs. {b}) and make them agree.",)
    else:
        derived["diagnosis"] = f"{expr} is false"
        text = f"{who}C++ check '{expr}' at {where} failed; glog aborted the process."
        fix = (f"Open {where} in the source of the version you run to see what the condition requires.",)
    return Explanation(text=text, fix=fix, derived=derived)
