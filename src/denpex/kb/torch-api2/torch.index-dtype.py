"""Computed diagnosis for torch.index-dtype: which dtype the indices had and where such a dtype usually
comes from (a blanket half/float cast, float data, or int32 on old PyTorch)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    got = str(facts.get("got_type") or "")
    op = facts.get("op")
    arg = facts.get("argument")
    expected = facts.get("expected_types")
    where = f"{op} argument '{arg}'" if op and arg else ("the index tensor" if not arg else f"argument '{arg}'")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if "Half" in got or "BFloat16" in got:
        derived["cause"] = "half-cast"
        derived["what"] = f"Indices for {op or 'indexing'} are {got}: a half-precision cast reached the token/index ids"
        parts.append(f"{where} is {got}: the ids were cast to half precision together with the float inputs (a blanket .half()/.to(dtype) on the batch or node inputs).")
        fix.append("Cast only floating tensors: v.to(dtype) if v.is_floating_point() else v; or use torch.autocast instead of casting inputs.")
        fix.append("Convert the ids back where they enter the model: ids = ids.long().")
    elif "Float" in got or "Double" in got:
        derived["cause"] = "float-indices"
        derived["what"] = f"Indices for {op or 'indexing'} are {got}: convert them with .long()"
        parts.append(f"{where} is {got}: the indices were created from float data (numpy float arrays, arithmetic such as / or round) or cast to float with the rest of the batch.")
        fix.append("Make them integer where they are created: torch.as_tensor(ids, dtype=torch.long), // instead of /, .long() after round/floor.")
    elif "Int" in got and expected and "Int" not in expected:
        derived["cause"] = "int32-old-torch"
        derived["what"] = f"{op or 'The op'} requires {expected} indices on this PyTorch version; got {got}"
        parts.append(f"{where} is {got} (int32); this PyTorch version only accepts {expected} here (PyTorch <= 1.7 for embedding).")
        fix.append("Use ids.long() (int64), or upgrade PyTorch (1.8+ accepts int32 indices for embedding).")
    else:
        derived["cause"] = "index-dtype"
        derived["what"] = "A tensor used as indices has a non-integer dtype: use .long() (or .bool() for masks)"
        parts.append("A tensor used for advanced indexing is not integer or boolean (typically float from arithmetic or numpy).")
        fix.append("Convert the index: x[idx.long()] (or x[mask.bool()] for masks); create index tensors with dtype=torch.long.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
