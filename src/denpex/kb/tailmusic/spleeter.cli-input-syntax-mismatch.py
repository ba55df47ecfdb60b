"""Computed diagnosis for spleeter.cli-input-syntax-mismatch: which CLI generation answered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "click-missing-files":
        return Explanation(
            text=("The installed Spleeter is 2.1 or newer (click/typer CLI): it wants the audio files as positional "
                  "arguments at the end and no longer reads them from -i, so FILES was empty."),
            fix=("spleeter separate -p spleeter:2stems -o output \"song.mp3\"   # no -i, files last",
                 "If a GUI builds the old command: pip install \"spleeter==2.0.2\" in its environment, or update the GUI."),
            derived={"diagnosis": "old -i syntax (or no file) given to Spleeter 2.1+", "cli": "2.1+"},
        )
    if sig == "argparse-required-i":
        return Explanation(
            text=("The installed Spleeter is 1.x/2.0 (argparse CLI): the input must be given with -i; a command "
                  "written for Spleeter 2.1+ (files as positional arguments) is refused."),
            fix=("spleeter separate -i \"song.mp3\" -p spleeter:2stems -o output",
                 "Or upgrade: pip install -U spleeter (then use the positional syntax)."),
            derived={"diagnosis": "new positional syntax given to Spleeter 1.x/2.0", "cli": "1.x-2.0"},
        )
    return None
