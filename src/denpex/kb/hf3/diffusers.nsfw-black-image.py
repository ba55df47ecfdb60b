"""Computed diagnosis for diffusers.nsfw-black-image: flagged outputs vs the disabled-checker reminder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "safety-checker-disabled":
        cls = str(facts.get("pipeline_class") or "the pipeline").rsplit(".", 1)[-1]
        return Explanation(text=f"{cls} runs without its safety checker (safety_checker=None): a license reminder, not an error.",
                           fix=("Nothing to fix; keep a filter if results are exposed publicly.",),
                           derived={"what": "safety checker disabled (safety_checker=None): license reminder only"})
    text = ("The safety checker flagged generated image(s) and returned them black. If the log shows the warning for most "
            "steps/views, the checker is flagging this input or style consistently (false positives are common), or the images "
            "were already black/NaN before the check.")
    fix = ("Offline use: load with safety_checker=None, requires_safety_checker=False;",
           "otherwise check out.nsfw_content_detected and regenerate flagged items with another seed/prompt;",
           "if outputs stay black without the checker, run the VAE in fp32 (or use an fp16-fixed VAE).")
    return Explanation(text=text, fix=fix, derived={"what": "safety checker replaced flagged outputs with black images"})
