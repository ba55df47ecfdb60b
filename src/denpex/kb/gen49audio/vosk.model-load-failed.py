"""Computed diagnosis for vosk.model-load-failed: what the model path says about the cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WIN_ABS = re.compile(r"^[A-Za-z]:[\\/]|^\\\\")


def _path_facts(path: str) -> dict[str, Any]:
    p = path.strip()
    last = re.split(r"[\\/]", p.rstrip("\\/"))[-1] if p else ""
    return {
        "relative": not (p.startswith("/") or p.startswith("~") or _WIN_ABS.match(p)),
        "archive": bool(re.search(r"\.(?:zip|tar\.gz|tgz|tar)$", p, re.I)),
        "tts_model": "tts" in last.lower(),
        "non_ascii": any(ord(c) > 127 for c in p),
        "last": last,
    }


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("model_path")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if not isinstance(path, str) or not path:
        derived["diagnosis"] = "model could not be created; the reason is above the exception"
        text = ("The Vosk binding raised 'Failed to create a model' because the native loader returned nothing. The line "
                "naming the cause (Folder '...' does not contain model files, or a Kaldi read error) is printed just before "
                "it; if it is missing, the path is usually wrong or empty (frozen apps hide stdout) or memory ran out.")
        fix.append("Print os.path.abspath(path) and os.listdir(path) right before vosk.Model(path); the folder must contain am/ conf/ graph/ (or final.mdl).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    pf = _path_facts(path)
    derived["path_is_relative"] = pf["relative"]
    parts = [f"Vosk looked for am/final.mdl (or final.mdl) directly inside '{path}' and found none."]
    if pf["archive"]:
        derived["diagnosis"] = "path points at the downloaded archive, not the unpacked folder"
        parts.append("The path names an archive; Vosk needs the unpacked folder.")
        fix.append(f"Unpack {pf['last']} and pass the folder it creates (the one holding am/ conf/ graph/).")
    elif pf["tts_model"]:
        derived["diagnosis"] = "a Vosk TTS model given to the ASR Model"
        parts.append("The folder name says it is a TTS model (model.onnx + dictionary); vosk.Model loads only ASR models.")
        fix.append("Download an ASR model (vosk-model-*, not vosk-model-tts-*) for recognition.")
    elif pf["relative"]:
        derived["diagnosis"] = f"relative path '{path}' resolved against the working directory"
        parts.append(f"'{path}' is relative, so it is resolved against the process's current working directory, which "
                     "differs between a terminal, an IDE, a service and a frozen executable"
                     + (" (speech_recognition's recognize_vosk always uses ./model)." if pf["last"] == "model" else "."))
        fix.append(f"Use an absolute path: Model(os.path.join(os.path.dirname(os.path.abspath(__file__)), {path!r})).")
        fix.append("Check that the folder directly contains am/ conf/ graph/; if the zip created a subfolder, point at that subfolder.")
    else:
        derived["diagnosis"] = "folder does not hold an unpacked ASR model at its top level"
        parts.append("The path is absolute, so the folder's content is the problem: not unpacked, unpacked one level too deep, or another kind of model.")
        fix.append(f"ls '{path}'  # expect am conf graph ivector; if there is a single vosk-model-* subfolder, pass that instead.")
    if pf["non_ascii"]:
        derived["non_ascii_path"] = True
        parts.append("The path also contains non-ASCII characters, which old Windows builds mishandled.")
        fix.append("If the content is right, move the model to a plain ASCII path (for example C:\\models\\vosk-model).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
