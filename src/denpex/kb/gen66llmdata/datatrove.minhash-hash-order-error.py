"""Computed diagnosis for datatrove.minhash-hash-order-error: where the bad record sits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    offset = facts.get("offset")
    min_hash = facts.get("min_hash")
    try:
        off = int(offset) if offset is not None else None
    except (TypeError, ValueError):
        off = None
    where = f" at byte {off}" if off is not None else ""
    fix: list[str] = []
    if off is not None and off == 0:
        diagnosis = "the first record of a signature file is already out of range"
        text = ("The very first record read is out of order: the file was written with another MinhashConfig "
                "(hash precision or bucket layout) than the one stage 2 uses, or it is not a signature file.")
        fix.append("Use the same MinhashConfig object for all stages and regenerate stage 1 into an empty folder.")
    else:
        diagnosis = "a stage-1 signature file is truncated or left from another run"
        text = (f"The order check failed{where} inside a signature file"
                + (f" (bucket range starting at {min_hash})" if min_hash is not None else "")
                + ": the file was cut while being written (task killed) or comes from an earlier run, and "
                "datatrove's completion markers make reruns reuse it.")
    fix.append("Delete the stage-1 signatures folder and its logging folder, then rerun stage 1 and stage 2.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "where": where})
