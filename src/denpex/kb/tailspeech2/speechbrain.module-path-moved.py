"""Computed diagnosis for speechbrain.module-path-moved: which SpeechBrain layout the code expects."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HF = "speechbrain.lobes.models.huggingface_transformers"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = facts.get("module")
    if not isinstance(module, str) or not module.startswith("speechbrain."):
        return None
    if module.startswith("speechbrain.inference") or module.startswith(_HF):
        return Explanation(
            text=(f"The code imports {module}, a SpeechBrain 1.x path, but the installed SpeechBrain is 0.5.x "
                  "(or older), which has no such module."),
            fix=("pip install -U 'speechbrain>=1.0'",
                 "python -c \"import speechbrain; print(speechbrain.__version__)\"  # expect 1.x"),
            derived={"installed_major": "0.x", "new_module": module},
        )
    if module.startswith("speechbrain.pretrained"):
        new = "speechbrain.inference" + module[len("speechbrain.pretrained"):]
        if new.endswith(".interfaces") or new == "speechbrain.inference":
            new = "speechbrain.inference.<task> (ASR, speaker, separation, classifiers, VAD, ...)"
        return Explanation(
            text=(f"The code imports {module} (SpeechBrain 0.5 layout) but SpeechBrain 1.x is installed, where the "
                  "pretrained interfaces live in speechbrain.inference.<task>."),
            fix=(f"Import from {new} instead, e.g. from speechbrain.inference.speaker import SpeakerRecognition",
                 "or, for code you cannot change: pip install speechbrain==0.5.16"),
            derived={"installed_major": "1.x", "new_module": new},
        )
    if module.startswith("speechbrain.lobes.models.huggingface_wav2vec"):
        new = f"{_HF}.wav2vec2"
        cls = "Wav2Vec2"
    elif module.startswith("speechbrain.lobes.models.huggingface_whisper"):
        new = f"{_HF}.whisper"
        cls = "Whisper"
    else:
        return None
    return Explanation(
        text=(f"{module} was a SpeechBrain 0.5 module; SpeechBrain 1.x (installed) moved it to {new} (class {cls})."),
        fix=(f"from {new} import {cls}  # also update hyperparams.yaml !new: {module}... lines",
             "or, for code you cannot change: pip install speechbrain==0.5.16"),
        derived={"installed_major": "1.x", "new_module": new},
    )
