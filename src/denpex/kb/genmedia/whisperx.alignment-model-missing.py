"""Computed diagnosis for whisperx.alignment-model-missing: default available in newer whisperX, misdetection hint, model to pass."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# whisperX main (alignment.py DEFAULT_ALIGN_MODELS_TORCH + DEFAULT_ALIGN_MODELS_HF)
_OLD_DEFAULTS = {"en", "fr", "de", "es", "it", "ja", "zh", "nl", "uk", "pt"}
_NEW_DEFAULTS = {
    "ar": "jonatasgrosman/wav2vec2-large-xlsr-53-arabic", "cs": "comodoro/wav2vec2-xls-r-300m-cs-250",
    "ru": "jonatasgrosman/wav2vec2-large-xlsr-53-russian", "pl": "jonatasgrosman/wav2vec2-large-xlsr-53-polish",
    "hu": "jonatasgrosman/wav2vec2-large-xlsr-53-hungarian", "fi": "jonatasgrosman/wav2vec2-large-xlsr-53-finnish",
    "fa": "jonatasgrosman/wav2vec2-large-xlsr-53-persian", "el": "jonatasgrosman/wav2vec2-large-xlsr-53-greek",
    "tr": "mpoyraz/wav2vec2-xls-r-300m-cv7-turkish", "da": "saattrupdan/wav2vec2-xls-r-300m-ftspeech",
    "he": "imvladikon/wav2vec2-xls-r-300m-hebrew", "vi": "nguyenvulebinh/wav2vec2-base-vi-vlsp2020",
    "ko": "kresnik/wav2vec2-large-xlsr-korean", "ur": "kingabzpro/wav2vec2-large-xls-r-300m-Urdu",
    "te": "anuragshas/wav2vec2-large-xlsr-53-telugu", "hi": "theainerd/Wav2Vec2-large-xlsr-hindi",
    "ca": "softcatala/wav2vec2-large-xlsr-catala", "ml": "gvs/wav2vec2-large-xlsr-malayalam",
    "no": "NbAiLab/nb-wav2vec2-1b-bokmaal-v2", "nn": "NbAiLab/nb-wav2vec2-1b-nynorsk",
    "sk": "comodoro/wav2vec2-xls-r-300m-sk-cv8", "sl": "anton-l/wav2vec2-large-xlsr-53-slovenian",
    "hr": "classla/wav2vec2-xls-r-parlaspeech-hr", "ro": "gigant/romanian-wav2vec2",
    "eu": "stefan-it/wav2vec2-large-xlsr-53-basque", "gl": "ifrz/wav2vec2-large-xlsr-galician",
    "ka": "xsway/wav2vec2-large-xlsr-georgian", "lv": "jimregan/wav2vec2-large-xlsr-latvian-cv",
    "tl": "Khalsuu/filipino-wav2vec2-l-xls-r-300m-official", "sv": "KBLab/wav2vec2-large-voxrex-swedish",
    "id": "cahya/wav2vec2-large-xlsr-indonesian",
}
# codes Whisper often returns for misdetected audio (rare languages, music, silence)
_SUSPICIOUS = {"cy", "la", "haw", "jw", "sn", "yo", "ln", "mi", "br", "fo", "sa", "bo", "yi"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    fix: list[str] = []
    lang = str(facts.get("language") or "").lower()
    model = str(facts.get("model_name") or "")
    if lang:
        derived["what"] = f"whisperX has no alignment model for language '{lang}'"
        if lang in _NEW_DEFAULTS:
            hf = _NEW_DEFAULTS[lang]
            derived["fix_short"] = f"upgrade whisperX (it now defaults to {hf}) or pass --align_model {hf}"
            text = f"Current whisperX releases ship a default for '{lang}' ({hf}); this installation is older."
            fix.append("pip install -U whisperx")
            fix.append(f"Or keep the version and pass it: --align_model {hf} / load_align_model(language_code='{lang}', device=device, model_name='{hf}').")
        else:
            derived["fix_short"] = f"pass --align_model <wav2vec2 CTC model fine-tuned on '{lang}'> or set --language"
            text = f"No whisperX release has a default alignment model for '{lang}'."
            fix.append(f"Find a wav2vec2 CTC model for the language (https://huggingface.co/models?pipeline_tag=automatic-speech-recognition&language={lang}&search=wav2vec2) and pass --align_model <model> or model_name=<model>.")
        if lang in _SUSPICIOUS:
            text += f" '{lang}' is a code Whisper often returns when it misdetects the language (noise, music, short clips): if the audio is not {lang}, set --language / language= explicitly."
            fix.insert(0, "Set the real language explicitly: whisperx <audio> --language <code> (Python: transcribe(..., language='<code>')).")
        fix.append("Or skip alignment (--no_align) if word timestamps are not needed.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if model:
        derived["what"] = f"The align model {model} could not be loaded"
        derived["fix_short"] = "read the exception printed just above it (network, missing processor files, auth), then pre-download or pick another model"
        text = (f"whisperX tried Wav2Vec2Processor/Wav2Vec2ForCTC.from_pretrained('{model}') and turned the failure into this message; "
                "the actual exception is printed on the lines before it.")
        fix.append(f"Reproduce the real error: python -c \"from transformers import Wav2Vec2Processor; Wav2Vec2Processor.from_pretrained('{model}')\"")
        fix.append(f"Pre-download it (hf download {model}) where the Hub is reachable, or set HF_ENDPOINT / proxy; offline use needs model_dir and model_cache_only=True.")
        if model in _NEW_DEFAULTS.values():
            fix.append("It is whisperX's default for the language: upgrading transformers/whisperX or pinning a revision of the model usually restores it.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    return None
