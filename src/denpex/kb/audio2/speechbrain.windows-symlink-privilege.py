"""Computed diagnosis for speechbrain.windows-symlink-privilege: which model/savedir and which fix applies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("src") or "").replace("\\\\", "\\")
    dst = str(facts.get("dst") or "").replace("\\\\", "\\")
    if not dst and not facts.get("reason"):
        return None
    low = (src + " " + dst).lower()
    model = ""
    marker = "models--"
    if marker in src:
        model = src.split(marker, 1)[1].split("\\", 1)[0].split("/", 1)[0].replace("--", "/")
    fix = ["Enable Windows Developer Mode (Settings > For developers) and restart the terminal/IDE, or run this once as administrator."]
    if "pyannote" in low:
        who = "pyannote's SpeechBrain speaker embedding"
        fix.append("Upgrade to pyannote.audio >= 3.1 and pyannote/speaker-diarization-3.1 (no SpeechBrain, no symlinks).")
    elif "speechbrain" in low or "spkrec" in low:
        who = "SpeechBrain's model fetcher"
        fix.append("SpeechBrain >= 1.0: pass local_strategy=LocalStrategy.COPY to from_hparams (speechbrain.utils.fetching).")
    else:
        who = "the program"
    text = (f"{who} tried to symlink {src or 'a cached file'} to {dst or 'its save directory'}"
            + (f" (model {model})" if model else "")
            + "; this Windows account may not create symbolic links.")
    return Explanation(text=text, fix=tuple(fix), derived={"model": model} if model else {})
