"""Computed diagnosis for fasterwhisper.batched-pipeline-missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ver = str(facts.get("installed_version") or "")
    how = "import" if facts.get("_signature") == "import-name" else "attribute lookup"
    installed_text = f" (installed {ver})" if ver else ""
    if ver:
        text = (f"faster-whisper {ver} is installed; BatchedInferencePipeline first shipped in 1.1.0, "
                f"so the {how} fails.")
    else:
        text = f"The installed faster-whisper predates 1.1.0 and has no BatchedInferencePipeline, so the {how} fails."
    fix = (
        "pip install -U \"faster-whisper>=1.1.0\" (brings ctranslate2 4.x; GPU needs CUDA 12 + cuDNN 9)",
        "run pip check: if another package pins faster-whisper below 1.1, upgrade it or reinstall faster-whisper last",
        "cannot upgrade: call WhisperModel(...).transcribe(audio) without the batched pipeline",
    )
    return Explanation(text=text, fix=fix, derived={"installed_text": installed_text, "how": how})
