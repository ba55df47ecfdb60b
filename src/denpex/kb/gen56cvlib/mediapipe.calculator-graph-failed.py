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
        return _explain_run(reason)
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


def _explain_run(reason: str) -> Explanation | None:
    """The desktop examples' one-line summary: 'Failed to run the graph: <status>' with no node named."""
    low = reason.lower()
    inner = re.search(r'Calculator::(Open|Process|Close)\(\) for node "([^"]+)"', reason)
    if inner:
        return explain({"stage": inner.group(1), "node": inner.group(2), "reason": reason[inner.end():]})
    if "capture.isopened()" in low:
        kind = "capture"
        text = ("The desktop example could not open its input: no camera is attached (or another app holds it), "
                "or --input_video_path names a file OpenCV cannot open.")
        fix = ("Pass the full path of the video with --input_video_path, or check the camera with another app; "
               "check that OpenCV was built with FFmpeg/V4L support.",)
    elif "find file" in low:
        name = reason.split("find file:", 1)[-1].strip() if "find file:" in reason else ""
        kind = "missing-asset"
        text = (f"The graph could not find {name}." if name else
                "The graph could not find a file and the name is empty: the binary was run without "
                "--calculator_graph_config_file (or with an empty path).")
        fix = ("Run the binary with --calculator_graph_config_file=<path to .pbtxt> and check that the model files "
               "the graph names exist under the working directory.",)
    elif "validatedgraphconfig" in low or "validaterequiredsidepackets" in low or "must provide" in low:
        kind = "graph-config"
        text = f"The graph config does not validate: {reason}"
        fix = ("Give the graph the input streams and side packets it declares (--input_side_packets), or use the "
               ".pbtxt that matches this binary.",)
    else:
        kind = "run-error"
        text = f"The MediaPipe graph stopped: {reason}" if reason else "The MediaPipe graph stopped with an empty status."
        fix = ("Run with GLOG_logtostderr=1 and read the calculator error above this line.",)
    what = "MediaPipe graph run failed" + (f": {reason[:120]}" if reason else "")
    return Explanation(text=text, fix=fix, derived={"what": what, "calculator": "", "kind": kind})
