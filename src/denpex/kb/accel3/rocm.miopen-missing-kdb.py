"""Computed diagnosis for rocm.miopen-missing-kdb: which GPU / CU count the kernel DB was for."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kdb = str(facts.get("kdb") or "")
    if not kdb:
        return None
    name = kdb.rsplit("/", 1)[-1]
    m = re.match(r"(gfx[0-9a-f]{3,4})_?(\d{1,3})?\.kdb", name)
    if not m:
        return None
    gfx, cus = m.group(1), m.group(2)
    derived: dict[str, Any] = {"gfx": gfx}
    text = f"MIOpen has no readable precompiled kernel database for {gfx}"
    pkg = None
    if cus:
        derived["compute_units"] = int(cus)
        text += f" with {cus} compute units ({name})"
        pkg = f"miopenkernels-{gfx}-{cus}kdb"
    text += ": convolution kernels are compiled on first use and cached, so only the first iterations are slow. This is not the failure."
    fix = []
    if pkg:
        fix.append(f"Optional: sudo apt install {pkg} (if AMD publishes it for this CU count).")
    fix.append("Keep ~/.cache/miopen on persistent storage (container volume) or set MIOPEN_USER_DB_PATH / MIOPEN_CUSTOM_CACHE_DIR.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
