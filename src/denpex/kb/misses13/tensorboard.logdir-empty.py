"""Computed diagnosis for tensorboard.logdir-empty: what the read directory says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "kohya-logging-folder":
        return Explanation(
            text="The kohya_ss GUI found no logs in its logging folder: training has not started writing yet, or the folder setting is empty/wrong.",
            fix=("Set 'Logging folder' in the GUI and start TensorBoard once training has begun (the folder is created then).",),
            derived={"diagnosis": "kohya_ss logging folder missing or empty", "logdir_note": ""},
        )
    logdir = str(facts.get("logdir") or "").strip()
    if not logdir:
        if sig is None:
            return None
        return Explanation(
            text="TensorBoard found no event files in its log directory.",
            fix=("find <logdir> -name 'events.out.tfevents*'; restart with --logdir pointing at that folder.",),
            derived={"diagnosis": "no event files", "logdir_note": ""},
        )
    if logdir.startswith("=") or logdir.startswith((" ", "'", '"')):
        diag = "malformed --logdir argument"
        text = f"TensorBoard read '{logdir}': the --logdir value kept a stray '=' or quote."
        fix = (f"tensorboard --logdir {logdir.lstrip('= ').strip(chr(39) + chr(34))}  # either a space or '=', not both",)
    elif logdir.startswith(("/", "\\")) or (len(logdir) > 2 and logdir[1] == ":"):
        diag = "absolute log directory without event files"
        text = f"TensorBoard read {logdir}, which holds no event files: is it the folder the training writes to?"
        fix = (f"find {logdir} -name 'events.out.tfevents*'  # empty: point --logdir at the writer's folder",)
    else:
        diag = "relative log directory"
        text = f"TensorBoard read the relative path '{logdir}' from its working directory, where no event files are."
        fix = (f"Start TensorBoard from the project root or pass the absolute path: tensorboard --logdir $(pwd)/{logdir}",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag, "logdir_note": f" ({logdir})"})
