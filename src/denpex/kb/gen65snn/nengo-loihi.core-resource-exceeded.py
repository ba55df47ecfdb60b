"""Computed diagnosis for nengo-loihi.core-resource-exceeded: how far over the core limit the block is."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    resource = str(facts.get("resource") or "")
    try:
        used = int(facts.get("used"))
        limit = int(facts.get("limit"))
    except (TypeError, ValueError):
        return None
    if limit <= 0:
        return None
    parts = math.ceil(used / limit)
    fix: list[str] = []
    if resource == "Number of compartments":
        text = (f"One block needs {used} compartments but a Loihi core holds {limit}: it must be split over at least "
                f"{parts} cores.")
        fix.append(f"Split the ensemble into >= {parts} ensembles of <= {limit} neurons, or give it a "
                   "nengo_loihi.BlockShape (NengoLoihi 1.0+) so it spans several cores.")
    else:
        text = (f"One block needs {used} {resource.lower()} but a core allows {limit} ({used / limit:.1f}x over): "
                "its fan-in/fan-out or weight memory is too large for one core.")
        fix.append("Split the receiving object with block_shape (fewer neurons per core), reduce fan-in or weight "
                   "precision, or keep that connection off-chip.")
    return Explanation(text=text, fix=tuple(fix))
