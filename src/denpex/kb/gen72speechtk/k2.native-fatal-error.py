"""Computed diagnosis for k2.native-fatal-error: a short function name and what the check means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_~][A-Za-z0-9_]*)+)\(")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = str(facts.get("function") or "")
    msg = str(facts.get("error_message") or "")
    m = _NAME.search(func)
    short = (m.group(1) + "()") if m else (func[:80] or "a native function")
    text = ""
    fix: list[str] = []
    if "Invalid line" in msg:
        text = "A text FST line could not be parsed (OpenFst text format: src dst ilabel olabel [weight]); the FST text file is malformed or was built with another symbol table."
        fix.append("Regenerate the text FST (e.g. G.fst.txt from the ARPA with kaldilm and the lang directory's words.txt) and rerun.")
    elif "Check failed" in msg:
        text = "A K2_CHECK comparing the op's inputs failed: check the devices, dtypes and sizes of the tensors passed from Python."
    elif "cuda" in msg.lower() or "device function" in msg.lower():
        text = "A CUDA error inside k2: the wheel probably does not match the installed torch/CUDA or the GPU."
        fix.append("Install the k2 wheel built for your torch and CUDA versions.")
    return Explanation(text=text, fix=tuple(fix), derived={"function_short": short, "library": str(facts.get("library") or "k2")})
