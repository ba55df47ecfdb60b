"""Computed diagnosis for deforum.render-error: which setting the quoted exception points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CASES = (
    ("images do not match",
     "PIL could not blend two images of different size: the init image, mask, video frame or ControlNet input does not match W x H",
     "Resize the init/mask image (and video input) to exactly W x H, and keep W and H multiples of 64."),
    ("no attribute 'cn_",
     "Deforum read ControlNet settings that do not exist: sd-webui-controlnet is missing, disabled, or of a version this Deforum commit does not expect",
     "Install or update sd-webui-controlnet together with Deforum (Forge: use a Deforum build for Forge), restart the UI fully, then re-run."),
    ("list index out of range",
     "a per-frame list ran out: a schedule/prompt keyframe, parseq data or the input video has fewer entries than max_frames",
     "Make max_frames no larger than the input video's frame count and let every schedule start at frame 0 (0:(value))."),
    ("init image path or mask image path",
     "the init image or mask path/URL could not be opened",
     "Use an absolute path with forward slashes and no quotes (or a reachable URL) for init_image / mask_file."),
    ("out of memory",
     "the GPU ran out of memory inside the render loop",
     "Lower W/H, disable depth warping or use a smaller depth model, or enable --medvram; the CUDA OOM in the traceback is the real error."),
    ("could not convert",
     "a schedule value is not a number Deforum can parse",
     "Check the schedule syntax: frame:(value) pairs separated by commas, e.g. 0:(1.0), 30:(0.5)."),
    ("invalid syntax",
     "a schedule expression could not be evaluated",
     "Check parentheses and operators in math schedules; only t, max_f and functions like sin() are allowed."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    error = str(facts.get("error") or "").strip().strip("'")
    if not error:
        return None
    stage = "argument/prompt parsing" if facts.get("_signature") == "args" else "rendering"
    low = error.lower()
    for key, cause, fix in _CASES:
        if key in low:
            text = f"Deforum failed during {stage} with '{error}': {cause}."
            return Explanation(text=text, fix=(fix, "The full traceback is between *START OF TRACEBACK* and *END OF TRACEBACK* in the console."),
                               derived={"stage": stage, "cause": cause})
    if stage == "argument/prompt parsing":
        text = f"Deforum could not read its settings or prompts ('{error}'); the prompts field must be valid JSON."
        fix = ("Validate the prompts JSON (double quotes, commas between keyframes, no trailing comma) and reload the settings file.",)
        return Explanation(text=text, fix=fix, derived={"stage": stage, "cause": "settings or prompts not valid JSON"})
    text = f"Deforum's render loop raised '{error}'; the line above *END OF TRACEBACK* in the console shows which setting was being read."
    fix = ("Open the console traceback and fix the setting its last frame reads (schedules, init/mask images, ControlNet, depth model).",)
    return Explanation(text=text, fix=fix, derived={"stage": stage, "cause": "see console traceback"})
