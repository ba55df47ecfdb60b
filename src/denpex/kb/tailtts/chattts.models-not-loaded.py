"""Computed diagnosis for chattts.models-not-loaded: which sub-models are missing and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    raw = facts.get("module")
    mods = list(dict.fromkeys(str(m) for m in (raw if isinstance(raw, (list, tuple)) else ([raw] if raw else []))))
    dl = facts.get("download_path")
    spk = facts.get("spk_stat_path")
    fix: list[str] = []
    if spk:
        diagnosis = "spk_stat.pt missing from the weight folder"
        text = f"The GPT checkpoint folder has no spk_stat.pt ({spk}): the weights come from a copy without this file (ModelScope mirror of May 2024)."
        fix.append("Download asset/spk_stat.pt from https://huggingface.co/2Noise/ChatTTS into that folder.")
    elif dl:
        diagnosis = "assets not found in the working directory (source='local')"
        text = (f"chat.load() used source='local', i.e. the current directory {dl}, and the asset files could not be found or "
                "downloaded there.")
        fix.append("chat.load(source='huggingface') or chat.load(source='custom', custom_path='<folder with asset/>'); check network access.")
    elif sig == "download-failed":
        diagnosis = "download from Hugging Face failed"
        text = "snapshot_download of 2Noise/ChatTTS failed: huggingface.co was unreachable or the download was interrupted."
        fix.append("Set HF_ENDPOINT to a reachable mirror or download the repository manually and load with source='custom'.")
    else:
        diagnosis = "load() did not load the models"
        text = "infer() was called while sub-models were missing; load()/load_models() failed earlier or was not called."
        fix.append("ok = chat.load(source='huggingface'); stop if ok is False and read the error printed by load.")
    if mods:
        text += f" Not initialised: {', '.join(mods)}."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
