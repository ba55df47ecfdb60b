"""Computed diagnosis for yacs.override-list-odd-length: which item lacks its partner."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PATH_SUFFIXES = (".pth", ".pkl", ".pt", ".ckpt", ".yaml", ".yml", ".bin", ".safetensors")


def _items(opts: str) -> list[str]:
    try:
        value = ast.literal_eval(opts)
    except (ValueError, SyntaxError):
        return []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return []


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    opts = str(facts.get("opts") or "")
    if not opts:
        return None
    items = _items(opts)
    with_eq = [i for i in items if "=" in i and not i.startswith("=")]
    paths = [i for i in items if i.lower().endswith(_PATH_SUFFIXES) or "/" in i]
    if with_eq:
        pairs = " ".join(f"{k} {v}" for k, _, v in (i.partition("=") for i in with_eq))
        hint = f" ({len(with_eq)} KEY=VALUE item(s): write them as two words)"
        text = ("The overrides use KEY=VALUE, which yacs reads as one item; merge_from_list needs KEY and VALUE as "
                "separate items.")
        fix = (f"Write: --opts {pairs}",)
    elif paths and len(items) % 2 == 1 and items and items[0] in paths:
        hint = f" (value {items[0]} has no key)"
        text = (f"The first override item '{items[0]}' is a value with no key in front of it; for a checkpoint the "
                "key is MODEL.WEIGHTS.")
        fix = (f"Write: --opts MODEL.WEIGHTS {items[0]}" + ("" if len(items) == 1 else " " + " ".join(items[1:])),)
    else:
        hint = ""
        text = ("The override list has an odd number of items, so one KEY or VALUE is missing (an unquoted value "
                "with spaces, or an empty shell variable).")
        fix = ("List the words after --opts and make them alternate dotted KEY, VALUE.",)
    return Explanation(text=text, fix=fix, derived={"hint": hint})
