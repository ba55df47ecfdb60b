"""Computed diagnosis for python.unicode-encode-error: which character, which code page, which fix."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {
    0x2588: "tqdm's progress-bar block",
    0x258F: "a tqdm partial progress-bar block",
    0x2713: "a check mark printed by a CLI",
    0x00A0: "a non-breaking space (copied from a web page / PDF)",
    0x200B: "a zero-width space (copied text)",
}

_WINDOWS = {"charmap": "cp1252-style Windows code page", "gbk": "Simplified Chinese Windows code page (cp936)",
            "cp932": "Japanese Windows code page", "cp949": "Korean Windows code page", "big5": "Traditional Chinese code page",
            "cp1252": "Western Windows code page", "mbcs": "Windows ANSI code page", "cp437": "DOS console code page"}


def _decode(raw: str) -> str | None:
    s = raw.strip("'\"")
    if not s:
        return None
    if s.startswith("\\"):
        try:
            return s.encode("ascii", "backslashreplace").decode("unicode_escape")
        except (UnicodeDecodeError, UnicodeEncodeError, ValueError):
            return None
    return s


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    codec = str(facts.get("codec") or "").lower()
    if not codec:
        return None
    raw = str(facts.get("char") or "")
    ch = _decode(raw) if raw else None
    what = ""
    if ch and len(ch) == 1:
        cp = ord(ch)
        name = unicodedata.name(ch, "")
        what = f"U+{cp:04X}" + (f" {name}" if name else "")
        hint = _KNOWN.get(cp)
        if hint is None and cp >= 0x1F000:
            hint = "an emoji in a log or progress message"
        elif hint is None and (0x4E00 <= cp <= 0x9FFF or 0x3040 <= cp <= 0x30FF or 0xAC00 <= cp <= 0xD7AF):
            hint = "CJK text (data or model output)"
        if hint:
            what += f" - {hint}"
    pos = facts.get("position")
    chars = f"character {raw} ({what})" if raw else f"the characters at position {pos}"
    if codec == "ascii":
        text = (f"Python encoded text as ASCII and {chars} is not ASCII: the process runs with a C/POSIX locale "
                "(LANG/LC_ALL unset, typical of containers, cron and CI).")
        fix = ("Set LANG=C.UTF-8 and LC_ALL=C.UTF-8 (Dockerfile ENV, job environment) or PYTHONUTF8=1.",
               "Open text files with encoding='utf-8'.")
        return Explanation(text=text, fix=fix, derived={"platform": "posix-c-locale", "character": what or raw})
    page = _WINDOWS.get(codec, f"{codec} code page")
    text = (f"Windows wrote text with the {page} ('{codec}'), which has no byte for {chars}. "
            "The data is fine; the console/pipe or the file was opened with the locale code page instead of UTF-8.")
    fix = ("Set PYTHONUTF8=1 (PowerShell: $env:PYTHONUTF8=1; cmd: set PYTHONUTF8=1) or run python -X utf8, then rerun.",
           "If the failing frame is a file write: open(path, 'w', encoding='utf-8') (also logging.FileHandler(..., encoding='utf-8')).",
           "If it is print()/a progress bar: sys.stdout.reconfigure(encoding='utf-8') at start-up or PYTHONIOENCODING=utf-8.")
    return Explanation(text=text, fix=fix, derived={"platform": "windows", "character": what or raw})
