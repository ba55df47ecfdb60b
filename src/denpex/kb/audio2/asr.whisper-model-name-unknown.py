"""Computed diagnosis for asr.whisper-model-name-unknown: too-old package vs not-a-size name, and what to pass instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# name -> (faster-whisper version that added it, openai-whisper version that added it or None)
_NEWER = {
    "large-v3": ("0.10", "20231117"),
    "distil-large-v2": ("1.0", None), "distil-medium.en": ("1.0", None), "distil-small.en": ("1.0", None),
    "distil-large-v3": ("1.0.2", None),
    "large-v3-turbo": ("1.1", "20240930"), "turbo": ("1.1", "20240930"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    choices = str(facts.get("choices") or "")
    if not model:
        return None
    sig = facts.get("_signature")
    pkg = "faster-whisper" if sig == "faster-whisper-invalid-size" else "openai-whisper"
    known = model in _NEWER
    if known and model not in choices.replace("'", "").split(", "):
        fw, ow = _NEWER[model]
        need = f"faster-whisper >= {fw}" if pkg == "faster-whisper" else (f"openai-whisper >= {ow}" if ow else "faster-whisper (openai-whisper has no distil models)")
        text = (f"'{model}' is a real Whisper model, but the installed {pkg} predates it (its list ends before it). It needs {need}.")
        fix = [f"pip install -U {pkg} (then restart the app); if an app pins {pkg}, update the app."]
        if pkg == "faster-whisper":
            fix.append("Or, without upgrading, pass a Hub repo id of a CTranslate2 conversion of the model instead of the short name.")
        return Explanation(text=text, fix=tuple(fix), derived={"kind": "package too old"})
    looks_path = "/" in model or "\\" in model or model.startswith(".")
    if looks_path:
        text = (f"'{model}' looks like a path or repo id, but it was not found, so {pkg} treated it as a size name. "
                "The folder does not exist from this working directory (or the repo id is wrong).")
        fix = ("Use an absolute path to a directory containing the model (CTranslate2: model.bin, config.json, tokenizer.json, "
               "preprocessor_config.json), or check the repo id on the Hub.",)
    else:
        text = (f"'{model}' is not a built-in Whisper size for {pkg}: a fine-tune/community model, an app-specific alias or a typo. "
                "Only the listed sizes can be given by name.")
        fix = ("Pass the model as a path to a converted model directory or as a Hub repo id ('org/name').",
               "For a transformers fine-tune used with faster-whisper: ct2-transformers-converter --model <repo> --output_dir <dir> "
               "--copy_files tokenizer.json preprocessor_config.json, then pass <dir>.")
    return Explanation(text=text, fix=fix, derived={"kind": "not a size name"})
