"""Computed diagnosis for tf.saved-model-signature-mismatch: compare the got input with the first option."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DTYPE = re.compile(r"dtype=(?:tf\.)?([a-z0-9]+)")
_SHAPE = re.compile(r"shape=\(?\[?([0-9None, ]*)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    got = str(facts.get("got_arg") or "")
    exp = str(facts.get("expected_spec") or "")
    n = facts.get("n_options")
    if not got and not exp:
        return None
    gd = _DTYPE.search(got)
    ed = _DTYPE.search(exp)
    gs = _SHAPE.search(got)
    es = _SHAPE.search(exp)
    fix: list[str] = []
    parts: list[str] = []
    if gd and ed and gd.group(1) != ed.group(1):
        parts.append(f"dtype {gd.group(1)} instead of {ed.group(1)}")
        if gd.group(1) == "string":
            fix.append("The model expects ids, not text: tokenize before calling, or re-export with the tokenizer inside the serving function.")
        else:
            fix.append(f"Cast the input: tf.cast(x, tf.{ed.group(1)}) (numpy: x.astype('{ed.group(1)}')).")
    if gs and es:
        g = [d.strip() for d in gs.group(1).split(",") if d.strip()]
        e = [d.strip() for d in es.group(1).split(",") if d.strip()]
        if len(g) != len(e):
            parts.append(f"rank {len(g)} instead of {len(e)}")
            fix.append("Add/remove the batch axis so the rank matches the option (tf.expand_dims(x, 0)).")
        elif any(a != b and b != "None" for a, b in zip(g, e)):
            parts.append(f"shape ({', '.join(g)}) vs ({', '.join(e)})")
            fix.append(f"Resize/pad to ({', '.join(e)}) or re-export with None for the variable dimensions in input_signature.")
    if not fix:
        fix.append("Match the structure (list/tuple/dict) and the non-tensor arguments (training=False, mask=None) of one listed option.")
    fix.append("Or call loaded.signatures['serving_default'](...), or re-export with an explicit tf.function input_signature.")
    opts = f" among {n} traced option(s)" if n else ""
    diff = "; ".join(parts)
    text = (f"The loaded SavedModel has no traced function{opts} for the call: got {got or 'other inputs'}"
            + (f", first option expects {exp}" if exp else "") + (f" ({diff})." if diff else "."))
    return Explanation(text=text, fix=tuple(fix), derived={"detail": f": {diff}" if diff else ": input structure or non-tensor arguments differ"})
