"""Computed diagnosis for openvino-genai.unsupported-pipeline: newer family vs wrong pipeline type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PIPE = {
    "text to image": "Text2ImagePipeline",
    "image to image": "Image2ImagePipeline",
    "inpainting": "InpaintingPipeline",
    "text to speech": "Text2SpeechPipeline",
    "video": "Text2VideoPipeline",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = facts.get("pipeline_class")
    task = str(facts.get("task") or "")
    if not isinstance(cls, str) or not cls:
        return None
    used = _PIPE.get(task, "the GenAI pipeline")
    version = facts.get("genai_version")
    derived: dict[str, Any] = {"genai_pipeline": used}
    low = cls.lower()
    other = None
    if "inpaint" in low and task != "inpainting":
        other = "InpaintingPipeline"
    elif "img2img" in low and task != "image to image":
        other = "Image2ImagePipeline"
    if other:
        derived["diagnosis"] = "export for another task than the pipeline used"
        text = (f"The model folder holds a '{cls}' export, which is not a {task} pipeline; {used} cannot run it.")
        fix = (f"Use ov_genai.{other}(model_dir, device), or re-export with optimum-cli export openvino --task text-to-image.",)
        return Explanation(text=text, fix=fix, derived=derived)
    derived["diagnosis"] = "pipeline class not supported by the installed openvino-genai"
    text = (f"model_index.json names '{cls}', which the installed openvino-genai"
            + (f" {version}" if version else "") + f" has no {task} implementation for; newer model families are added "
            "in later (often nightly) releases.")
    fix = ("pip install --pre -U openvino openvino-tokenizers openvino-genai --extra-index-url https://storage.openvinotoolkit.org/simple/wheels/nightly",
           f"If no release supports {cls} yet: run the export with optimum-intel (OVDiffusionPipeline.from_pretrained(model_dir)).")
    return Explanation(text=text, fix=fix, derived=derived)
