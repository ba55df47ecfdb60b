"""Computed diagnosis for sacred.windows-stdout-capture-failed: which stage broke and the capture-mode change for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LOCALISED = ("Incorrect function", "Funci", "函数不正确", "Fonction incorrecte", "Falsche Funktion", "La funzione non è corretta")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    fix = (
        "src/main.py: SETTINGS['CAPTURE_MODE'] = 'sys'  (instead of 'fd'; 'no' also works)",
        "or append --capture=sys to the command line, or run under WSL2 / Linux",
    )
    if sig == "winerror-1-in-sacred-run":
        text_ = (facts.get("winerror_text") or "").strip().rstrip("\\n").strip()
        call = (facts.get("call") or "").strip()
        localised = bool(text_) and not text_.startswith("Incorrect function") and any(k in text_ for k in _LOCALISED[1:])
        parts = ["A write to stdout/stderr failed with Windows error 1 (ERROR_INVALID_FUNCTION) while Sacred's fd capture held the console descriptors."]
        if call:
            parts.append(f"The failing write is `{call}`; everything before it ran, so the training itself completed up to this point.")
        if localised:
            parts.append(f"'{text_}' is the localised text of 'Incorrect function'.")
        derived: dict[str, Any] = {"what": "print() failed with WinError 1 under fd capture", "stage": "write during run"}
        if call:
            derived["failing_call"] = call
        return Explanation(text=" ".join(parts), fix=fix, derived=derived)
    if sig in ("setsid-missing", "broken-except-clause"):
        return Explanation(
            text=("Sacred 0.7's fd capture starts a 'tee' with os.setsid, which Windows lacks; its fallback except clause then "
                  "fails too, so the run dies before the main function."),
            fix=fix + ("pip install -U sacred if the repository works with a current Sacred",),
            derived={"what": "Sacred 0.7 fd tee cannot start on Windows", "stage": "capture start"},
        )
    return None
