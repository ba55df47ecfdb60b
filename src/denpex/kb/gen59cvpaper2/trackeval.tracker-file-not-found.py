"""Computed diagnosis for trackeval.tracker-file-not-found: which sequence, and an empty path part."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    if not path:
        return None
    base = path.replace("\\", "/").rstrip("/").split("/")[-1]
    seq = base.rsplit(".", 1)[0] if "." in base else base
    empty_part = "//" in path.replace("\\", "/")
    if empty_part:
        diag = "empty tracker name or sub-folder in the result path"
        note = f" (path {path} has an empty tracker/sub-folder part: results were looked for in the wrong place or never written)"
        text = (f"TrackEval expected the result file for {seq} at {path}. The empty part (//) means the tracker name or "
                "TRACKER_SUB_FOLDER was empty, so the evaluation is not looking where the tracking step writes, "
                "or that step wrote nothing for this sequence.")
        fix = ("Check the folder the tracking step writes its per-sequence txt files to and pass it as TRACKERS_FOLDER / TRACKERS_TO_EVAL / TRACKER_SUB_FOLDER.",
               f"If {seq} really has no tracks, write an empty {seq}.txt there.")
    else:
        diag = "result file for a sequence was not generated"
        note = f" ({path})"
        text = (f"No result file {path}: the tracking step did not write {seq} (it failed, was skipped, or produced no tracks), "
                "or wrote it under another name. Look for the first error before the TrackEval call.")
        fix = (f"Rerun the tracking step for {seq} and read its first error.",
               "Compare the seqmap sequence names with the generated file names (split, MOT17 -FRCNN/-DPM/-SDP suffix).")
    return Explanation(text=text, fix=fix, derived={"seq": seq, "path_note": note, "diagnosis": diag})
