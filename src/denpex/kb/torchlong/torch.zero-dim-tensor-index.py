"""Computed diagnosis for torch.zero-dim-tensor-index: rewrite the failing line with .item()."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DATA0 = re.compile(r"\.data\[0\]")
_IDX0 = re.compile(r"([A-Za-z_][\w.]*(?:\([^()]*\))?)\[0\]")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("code")
    if not isinstance(code, str) or not code.strip():
        return Explanation(
            text="A tensor with shape () (a reduced loss or metric) was indexed with [0]; since PyTorch 0.4 read it with .item().",
            fix=("Replace x.data[0] / x[0] on scalar tensors with x.item().",),
            derived={"code_hint": "", "diagnosis": "a 0-dim (scalar) tensor was indexed"},
        )
    code = code.strip()
    if _DATA0.search(code):
        suggested = _DATA0.sub(".item()", code)
        kind = "PyTorch 0.3 idiom .data[0]"
    elif _IDX0.search(code):
        suggested = _IDX0.sub(lambda m: m.group(1) + ".item()", code, count=1)
        kind = "[0] on a scalar"
    else:
        return Explanation(
            text=f"The line `{code}` indexes a 0-dim tensor; read its value with .item().",
            fix=("Call .item() on the scalar tensor instead of indexing it.",),
            derived={"code_hint": f" in `{code}`", "diagnosis": f"`{code}` indexes a 0-dim (scalar) tensor"},
        )
    where = ""
    if facts.get("frame_file"):
        where = f" ({facts['frame_file']}:{facts.get('frame_line', '?')})"
    text = (f"`{code}`{where} uses the {kind}: the value is a 0-dim tensor since PyTorch 0.4. "
            f"Rewrite it as `{suggested}`; other lines of the repository probably use the same idiom (grep 'data\\[0\\]').")
    return Explanation(
        text=text,
        fix=(f"{suggested}", "grep -rn 'data\\[0\\]' . and replace each on scalar tensors with .item()"),
        derived={"code_hint": f" in `{code}`", "suggested": suggested, "diagnosis": f"`{code}` indexes a 0-dim (scalar) tensor ({kind})"},
    )
