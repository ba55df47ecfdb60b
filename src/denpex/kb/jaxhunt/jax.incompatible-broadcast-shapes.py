"""Computed diagnosis for jax.incompatible-broadcast-shapes: which axis does not line up."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TUPLE = re.compile(r"\(([0-9, ]*)\)")


def _shapes(text: str) -> list[tuple[int, ...]]:
    out = []
    for m in _TUPLE.finditer(text):
        body = m.group(1).strip()
        if not body:
            out.append(())
            continue
        try:
            out.append(tuple(int(p) for p in body.split(",") if p.strip()))
        except ValueError:
            return []
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("shapes") or "")
    shapes = _shapes(raw)
    if len(shapes) < 2:
        return None
    rank = max(len(s) for s in shapes)
    padded = [(1,) * (rank - len(s)) + s for s in shapes]
    bad = []
    for ax in range(rank):
        sizes = {p[ax] for p in padded} - {1}
        if len(sizes) > 1:
            bad.append((ax - rank, sorted(sizes)))
    op = facts.get("op")
    shown = ", ".join(str(s) for s in shapes)
    if not bad:
        return None
    parts = [f"axis {ax} has sizes {' vs '.join(str(v) for v in vals)}" for ax, vals in bad]
    text = f"{'`' + op + '` ' if op else ''}operands {shown} cannot broadcast: " + "; ".join(parts) + " (axes counted from the right)."
    fix = []
    ranks = sorted({len(s) for s in shapes})
    if len(ranks) > 1:
        lo = min(shapes, key=len)
        hi = max(shapes, key=len)
        if lo and lo[0] == hi[0]:
            fix.append(f"The {lo} operand lines up with the leading axis of {hi}: add trailing axes, e.g. x[:, None] / jnp.expand_dims(x, -1).")
    fix.append("Print both operand shapes before the failing line and fix the axis named above (padding, vmap in_axes, transpose).")
    return Explanation(text=text, fix=tuple(fix), derived={"mismatch": "; ".join(parts)})
