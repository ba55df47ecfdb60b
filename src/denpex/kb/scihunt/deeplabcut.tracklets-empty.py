"""Computed diagnosis for deeplabcut.tracklets-empty: which stage, and whether the snapshot looks undertrained."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    stage = str(facts.get("stage") or "")
    snap = facts.get("snapshot")
    try:
        n = int(snap) if snap is not None else None
    except (TypeError, ValueError):
        n = None
    where = {"stitch": "stitching (stitch_tracklets / analyze_videos auto_track)",
             "tracklets": "the Refine tracklets GUI"}.get(stage, "tracking")
    at = f" at snapshot {n:,}" if n is not None else ""
    fix: list[str] = []
    if n is not None and n < 50000:
        diagnosis = "network likely undertrained"
        text = (f"{where.capitalize()} found no tracklets. The model used is snapshot-{n} ({n:,} iterations): multi-animal "
                "networks usually need tens to hundreds of thousands of iterations before confidences pass pcutoff, so "
                "nothing was assembled into animals.")
        fix.append("Train longer (e.g. maxiters 100000-200000), evaluate, then set snapshotindex to the best snapshot and re-analyze.")
    else:
        diagnosis = "no detections assembled into tracklets"
        text = (f"{where.capitalize()} found no tracklets: detections were not assembled into animals or the tracker dropped them"
                + (f" (model snapshot {n:,})." if n is not None else "."))
    fix += ["deeplabcut.create_video_with_all_detections(config, [video]) to see whether there are detections at all.",
            "Rerun deeplabcut.convert_detections2tracklets(config, [video], track_method='ellipse', overwrite=True) with a lower pcutoff / min_hits; check the skeleton connects all bodyparts."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "at_snapshot": at or " (snapshot unknown)"})
