"""Computed diagnosis for deeplabcut.analyzed-data-not-found: decode the scorer, name the file it wanted."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# DLC_<net>_<Task><Mon><day>shuffle<N>_<iterations>[ _el / _filtered ... ]; older DLC 2.0/2.1: DeepCut_...
_SCORER = re.compile(
    r"^(?:DLC|DeepCut)_(?P<net>[A-Za-z]+[0-9_]*?(?:_[0-9]+)?)_(?P<task>.+?)(?P<date>[A-Z][a-z]{2}[0-9]{1,2})"
    r"shuffle(?P<shuffle>[0-9]+)_(?P<iters>[0-9]+)"
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    video = str(facts.get("video") or "").strip()
    scorer = str(facts.get("scorer") or "").strip().rstrip(".")
    if not video or not scorer:
        return None
    folder = str(facts.get("folder") or "").strip()
    filtered = str(facts.get("kind") or "") != "un"
    wanted = f"{video}{scorer}{'_filtered' if filtered else ''}.h5"
    m = _SCORER.match(scorer)
    parts = ""
    shuffle = ""
    if m:
        shuffle = m.group("shuffle")
        parts = (f" The scorer says: network {m.group('net')}, project {m.group('task')} ({m.group('date')}), "
                 f"shuffle {shuffle}, snapshot at {int(m.group('iters')):,} iterations.")
    fix: list[str] = []
    if filtered:
        diagnosis = "filtered predictions missing: run filterpredictions first"
        text = (f"The step asked for filtered predictions, i.e. {wanted} in {folder or 'the video folder'}, and it does not exist."
                + parts)
        fix.append(f"deeplabcut.filterpredictions(config, ['{video}...'], shuffle={shuffle or 'N'}) then retry, or call the step with filtered=False.")
    else:
        diagnosis = "pose output (.h5) for this scorer not in that folder"
        text = (f"DeepLabCut looked for {wanted} in {folder or 'the video folder'} and found nothing." + parts
                + " Either analyze_videos wrote no output for this video (unreadable video, earlier error), wrote it elsewhere "
                "(destfolder), or was run with another shuffle/trainingsetindex/snapshot (a different scorer name).")
        fix.append(f"ls '{folder}' | grep '{video}': if another DLC_*.h5 exists, pass the shuffle/trainingsetindex/snapshotindex it was made with"
                   + (f" (this call used shuffle {shuffle})." if shuffle else "."))
        fix.append("If no .h5 exists: re-run deeplabcut.analyze_videos on this video and read its output; check the video opens (cv2.VideoCapture).")
        fix.append("Multi-animal project: run analyze_videos(..., auto_track=True) or convert_detections2tracklets + stitch_tracklets first.")
    if any(ord(c) > 127 for c in video + folder) or " " in video:
        fix.append("The path has spaces or non-ASCII characters: rename the video/folder to plain ASCII and analyze again.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "which": "filtered" if filtered else "unfiltered"})
