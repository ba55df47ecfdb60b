"""Computed diagnosis for pyannote.pipeline-version-mismatch."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("cls") or "")
    if facts.get("_signature") == "class-missing":
        if cls == "SpeakerSegmentation":
            text = ("The hub pipeline names pyannote.audio.pipelines.SpeakerSegmentation, a pyannote.audio 2.x class "
                    "that the installed (3.x+) release no longer has.")
            fix = ("on 3.x: use Model.from_pretrained('pyannote/segmentation-3.0') / Pipeline.from_pretrained('pyannote/speaker-diarization-3.1')",
                   "to keep pyannote/speaker-segmentation: pip install pyannote.audio==2.1.1 in its own environment")
        else:
            text = (f"The hub pipeline's config.yaml names pyannote.audio.pipelines.{cls or '<class>'}, which the installed "
                    "pyannote.audio does not provide: the pipeline targets another release.")
            fix = ("read the repo's config.yaml (version / pipeline.name) and install that pyannote.audio release",
                   "or pick the pipeline made for your installed version")
        return Explanation(text=text, fix=fix, derived={"detail": f"class {cls} not in installed pyannote.audio"})
    text = (f"{cls or 'The pipeline'} is a pyannote.audio 2.x pipeline object, which has no .to(device); "
            "the calling code was written for pyannote.audio 3.x.")
    fix = ("use pyannote/speaker-diarization-3.1 with pyannote.audio 3.x (then pipeline.to(torch.device('cuda')) works)",
           "or stay on 2.x and remove the .to() call / guard it with hasattr(pipeline, 'to')")
    return Explanation(text=text, fix=fix, derived={"detail": f"{cls} (2.x) has no .to()"})
