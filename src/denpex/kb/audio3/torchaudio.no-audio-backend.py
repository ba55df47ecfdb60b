"""Computed diagnosis for torchaudio.no-audio-backend: requested vs available backend and the fitting fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    backend = str(facts.get("backend") or "").strip()
    available = str(facts.get("available") or "").replace("'", "").replace('"', "").strip()
    names = [a.strip() for a in available.split(",") if a.strip()]
    if sig == "backend-not-available" and backend:
        if backend == "sox_io" and "soundfile" in names:
            text = ("The code forces the 'sox_io' backend, which torchaudio never builds for Windows; 'soundfile' is available. "
                    "This is a platform choice in the code, not a missing install.")
            fix = ("Use torchaudio.set_audio_backend('soundfile') (or the app's --audio-backend soundfile option) on Windows.",)
            kind = "sox_io on Windows"
        elif not names:
            text = (f"No backend at all is available, so '{backend}' cannot be selected: the soundfile package is missing "
                    "and the torchaudio C++ extension (sox_io) did not load.")
            fix = ("python -m pip install soundfile (in the interpreter that runs this code).",
                   "On Linux/macOS also check torchaudio matches torch (reinstall both from the same index) so sox_io loads.")
            kind = "no backend"
        else:
            text = f"'{backend}' is not installed; available: {', '.join(names)}."
            fix = (f"Select one of {', '.join(names)}, or pip install soundfile for the soundfile backend.",)
            kind = "backend not installed"
        return Explanation(text=text, fix=fix, derived={"kind": kind, "backend_part": f" ('{backend}' requested)"})
    text = ("torchaudio found no I/O backend (no soundfile package, no sox_io extension), so load/save are stubs that raise. "
            "On Windows the soundfile package is the only backend.")
    fix = ("python -m pip install soundfile (then restart the app / kernel).",
           "Linux/macOS: reinstall torchaudio matching your torch so the sox_io extension loads.")
    return Explanation(text=text, fix=fix, derived={"kind": "no backend", "backend_part": ""})
