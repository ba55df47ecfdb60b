"""Computed diagnosis for whisperx.faster-whisper-version-mismatch: direction of the skew and the fields to pass."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ADDED = {
    "repetition_penalty": "0.10", "no_repeat_ngram_size": "0.10", "prompt_reset_on_temperature": "0.10",
    "max_new_tokens": "1.0", "clip_timestamps": "1.0", "hallucination_silence_threshold": "1.0",
    "hotwords": "1.0.2", "multilingual": "1.1",
}
_STOPGAP = {"multilingual": "False", "clip_timestamps": "'0'", "repetition_penalty": "1", "no_repeat_ngram_size": "0",
            "prompt_reset_on_temperature": "0.5"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    unexpected = str(facts.get("unexpected") or "").strip()
    missing_raw = str(facts.get("missing") or "")
    if unexpected:
        since = _ADDED.get(unexpected)
        what = f"faster-whisper too old for this whisperX (no '{unexpected}')"
        text = (f"whisperX passes '{unexpected}' to faster-whisper's TranscriptionOptions, but the installed faster-whisper does not have "
                f"that field{f' (added around faster-whisper {since})' if since else ''}.")
        fix = (f"pip install -U 'faster-whisper>={since}'" if since else "pip install -U faster-whisper",
               "Or install the whisperX release that matches your faster-whisper.")
        return Explanation(text=text, fix=fix, derived={"what": what})
    names = re.findall(r"'([A-Za-z_]{1,60})'", missing_raw)
    if not names:
        return None
    versions = sorted({_ADDED[n] for n in names if n in _ADDED}, key=lambda v: [int(x) for x in v.split(".")])
    newest = versions[-1] if versions else ""
    what = f"faster-whisper newer than the whisperX code (missing {', '.join(names)})"
    text = ("The whisperX code (or an app's vendored copy) builds TranscriptionOptions without "
            + ", ".join(names)
            + (f", fields added in faster-whisper {newest}" if newest else "")
            + ": the installed faster-whisper is newer than that code.")
    opts = ", ".join(f"'{n}': {_STOPGAP.get(n, 'None')}" for n in names)
    fix = ("pip install -U whisperx (current releases pin a compatible faster-whisper); or pin faster-whisper below "
           + (newest if newest else "the installed version") + " for this whisperX.",
           f"Stop-gap: whisperx.load_model(..., asr_options={{{opts}}}) (or add these keys to default_asr_options in a vendored asr.py).")
    return Explanation(text=text, fix=fix, derived={"what": what})
