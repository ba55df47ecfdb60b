"""Computed diagnosis for mediapipe.calculator-graph-failed: failing calculator class and reason class."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = str(facts.get("node") or "")
    stage = str(facts.get("stage") or "")
    reason = str(facts.get("reason") or "").strip(" ;")
    if not node:
        return None
    m = re.search(r"(\w*Calculator)\b", node.split("__")[-1]) or re.search(r"(\w*Calculator)\b", node)
    calc = m.group(1) if m else node.split("__")[-1]
    low = reason.lower()
    if "modifygraphwithdelegate" in low:
        kind = "gpu-delegate"
        text = (f"{calc}.{stage}() failed because the TFLite GPU delegate could not take the model on this device's GPU "
                "(RET_CHECK ModifyGraphWithDelegate).")
        fix = ("Run the CPU graph / delegate=CPU on this device, or catch the error at start-up and fall back to CPU.",)
    elif "find file" in low or "unable to open file" in low or "fail to open file" in low or "no such file" in low:
        kind = "missing-asset"
        text = f"{calc}.{stage}() could not find or open a file it needs: {reason}"
        fix = ("Package the model/graph asset with the app (Android assets, Bazel data) or fix model_asset_path.",)
    elif "ffmpeg" in low:
        kind = "ffmpeg"
        text = f"{calc}.{stage}() needs FFmpeg: {reason}"
        fix = ("Install FFmpeg (apt install ffmpeg) or remove the audio output side packet from the graph.",)
    else:
        kind = "calculator-error"
        text = f"{calc}.{stage}() returned an error{': ' + reason if reason else ''}."
        fix = ("Check the input given to this calculator (image non-empty, RGB, expected size) and upgrade mediapipe.",)
    what = f"MediaPipe {calc} failed in {stage}()" + (f": {reason[:120]}" if reason else "")
    return Explanation(text=text, fix=fix, derived={"what": what, "calculator": calc, "kind": kind})
