"""Computed diagnosis for trackeval.invalid-timesteps: 0-based frames or a seqLength that is too small."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("steps") or "")
    nums = [int(float(x)) for x in re.findall(r"-?\d+(?:\.\d+)?", raw)]
    if not nums:
        return None
    kind = str(facts.get("kind") or "")
    seq = str(facts.get("seq") or "the sequence")
    lo, hi = min(nums), max(nums)
    if lo <= 0 and hi <= 0:
        diag = "frame numbers start at 0"
        note = " (frame 0: the file uses 0-based frame numbers)"
        text = (f"The {kind} file of {seq} has rows at frame {lo}; MOTChallenge frames are numbered from 1, "
                "so the writer used the 0-based frame index.")
        fix = ("Write frame_idx + 1 in the first column of the MOT txt file.",)
    else:
        first = min(n for n in nums if n > 0)
        diag = "frame numbers beyond seqLength"
        note = f" (frames from {first} on, {len(nums)} listed: seqLength in seqinfo.ini is {first - 1} or the file covers more frames)"
        text = (f"The {kind} file of {seq} has rows at frames {first} and later, but TrackEval only accepts 1..{first - 1} "
                f"(seqLength of {seq}, if the listed frames are contiguous). Either seqinfo.ini describes a shorter sequence "
                "than the file (split, trimmed or subsampled video) or the file belongs to a longer sequence.")
        fix = (f"Compare seqLength in {seq}/seqinfo.ini with the number of frames and the largest frame in the file; fix whichever is wrong.",)
    return Explanation(text=text, fix=fix, derived={"steps_note": note, "diagnosis": diag})
