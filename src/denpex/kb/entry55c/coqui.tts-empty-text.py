"""Computed diagnosis for coqui.tts-empty-text: how the error reached the log, the calling frame, and the fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import frames_of
from denpex.models import Explanation

_FRAME = re.compile(r'File "(?P<path>[^"]+)", line (?P<line>[0-9]+), in (?P<func>[\w<>.]+)')
# library frames that are not the caller: Coqui itself and the Python runtime around it
_LIBRARY = re.compile(r"(?:^|/)TTS/|site-packages/(?:torch|gradio|anyio|starlette|fastapi|flask|werkzeug)/|/lib/python[0-9.]+/(?!site-packages)")
_USER_FRAME = re.compile(r"(?P<path>.+?):(?P<line>[0-9]+) in (?P<func>[\w<>.]+)$")
_TTS_FRAME = re.compile(r"(?:^|/)TTS/(?P<mod>utils/synthesizer|api)\.py$")


def _frames(raw: Any) -> list[tuple[str, str, str]]:
    return frames_of(raw, _FRAME)


def _text_case(raw: str) -> str:
    if raw == "None":
        return "none"
    inner = raw[1:-1] if len(raw) >= 2 and raw[0] == raw[-1] == "'" else raw
    if inner == "":
        return "empty"
    if not inner.strip():
        return "whitespace"
    if not re.search(r"\w", inner):
        return "punctuation-only"
    return "non-empty"


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    prefix = str(facts.get("prefix") or "").strip()
    sig = str(facts.get("_signature") or "")
    frames = _frames(facts.get("frame"))  # nearest first
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []

    if prefix.startswith("ValueError"):
        via = "traceback"
    elif prefix.startswith("["):
        via = "app-wrapper"
        derived["wrapper"] = prefix.rstrip(": ")
    else:
        via = "bare-message"
    derived["via"] = via
    derived["wording"] = "coqui-tts-fork" if sig == "coqui-tts-no-text" else "coqui-tts-0.x"

    tts_frame = next((f for f in frames if _TTS_FRAME.search(f[0])), None)
    caller = next((f for f in frames if not _LIBRARY.search(f[0])), None)
    if caller is None:  # the engine's own reading of the traceback: "radio.py:822 in save_speech"
        m = _USER_FRAME.match(str(facts.get("user_frame") or ""))
        if m and not _LIBRARY.search(m.group("path").replace("\\", "/")):
            caller = (m.group("path").replace("\\", "/"), m.group("line"), m.group("func"))
    where = ""
    if caller:
        short = caller[0].rsplit("/", 1)[-1]
        derived["caller"] = f"{short}:{caller[1]}"
        derived["caller_func"] = caller[2]
        where = f" (called from {short}:{caller[1]} in {caller[2]})"
        parts.append(f"The empty text was passed at {caller[0]}:{caller[1]} in {caller[2]}(); that line builds or forwards the text.")
    if tts_frame:
        derived["tts_frame"] = f"TTS/{_TTS_FRAME.search(tts_frame[0]).group('mod')}.py:{tts_frame[1]}"
    if via == "app-wrapper":
        parts.append(f"The app caught the ValueError and logged only its text after its own tag '{derived['wrapper']}': "
                     "one queued request (one segment) had no text; the others are unaffected.")
        if not where:
            where = f" (logged by the app's {derived['wrapper']} handler)"
    elif via == "traceback" and not caller:
        parts.append("The ValueError ended the run; the traceback's last frame outside TTS/ is the call that passed the text.")

    raw_text = str(facts.get("input_text") or "")
    if raw_text:
        case = _text_case(raw_text)
        derived["text_case"] = case
        if case == "none":
            parts.append("The request's text was None: an earlier step returned nothing.")
        elif case in ("empty", "whitespace", "punctuation-only"):
            parts.append(f"The request's text was {case.replace('-', ' ')} ({raw_text[:40]}).")

    fix.append("Skip empty segments before synthesis: if not text or not text.strip(): continue"
               + (f"  # at {derived['caller']}" if "caller" in derived else ""))
    fix.append("Also drop segments with no letters or digits after cleaning: if not re.search(r'\\w', text): continue "
               "(write silence for that slot when timing matters, e.g. subtitle dubbing).")
    if derived["wording"] == "coqui-tts-fork":
        fix.append("For voice conversion use tts.voice_conversion(source_wav=..., target_wav=...) instead of tts() without text.")
    else:
        fix.append("For voice conversion use tts.voice_conversion(source_wav=..., target_wav=...) (or pass reference_wav= to the 0.x Synthesizer).")
    derived["where_text"] = where
    text = " ".join(parts) if parts else "Synthesizer.tts received an empty text and no reference clip."
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError):
        return None
