"""Computed diagnosis for soundfile.write-open-failed: inspect the output path."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BAD_WIN = re.compile(r'[<>"|?*]')
_MASK = re.compile(r"<[A-Z][A-Z0-9_]*-\d+>")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("file") or "").strip()
    if not raw:
        return None
    path = raw.strip("'\"").replace("\\\\", "\\")
    windows = bool(re.match(r"^[A-Za-z]:[\\/]", path)) or "\\" in path
    parts = [p for p in re.split(r"[\\/]", path) if p]
    dirs = parts[:-1]
    reasons: list[str] = []
    fix: list[str] = []
    diagnosis = "output location not writable"
    trimmed = [d for d in dirs if d.endswith(".") and d not in (".", "..") or d.endswith(" ")]
    if windows and trimmed:
        diagnosis = "folder name ends with a dot or space"
        reasons.append(f"folder(s) {', '.join(repr(d) for d in trimmed)} end with '.' or ' ', which Windows trims, "
                       "so the directory in the path does not exist")
        fix.append("Rename the input so its title has no trailing dots/spaces (e.g. 'Am I...' -> 'Am I'), or pick another output naming.")
    # masked placeholders such as <USER-1> are not part of the real path
    bad = [p for p in parts[1:] if _BAD_WIN.search(_MASK.sub("", p))] if windows else []
    if bad:
        if not trimmed:
            diagnosis = "characters invalid on Windows"
        reasons.append(f"name(s) {', '.join(repr(b) for b in bad)} contain characters Windows does not allow")
    if windows and len(path) >= 260:
        diagnosis = "path too long"
        reasons.append(f"the path is {len(path)} characters, over the 260-character Windows limit")
        fix.append("Use a short output folder (C:\\out) and shorter file names, or enable long paths.")
    if "onedrive" in path.lower():
        reasons.append("the folder is inside OneDrive (cloud placeholders and sync locks can refuse new files)")
        if diagnosis == "output location not writable":
            diagnosis = "output folder inside OneDrive"
    if windows and len(dirs) <= 1 and re.match(r"^[A-Za-z]:$", dirs[0] if dirs else parts[0][:2]):
        reasons.append("the file goes to the root of a drive, where normal users often may not create files")
        if diagnosis == "output location not writable":
            diagnosis = "writing to a drive root"
    fix.append("Set the output folder to a local folder you own (e.g. C:\\UVR_out or ~/stems) and check it exists.")
    text = f"libsndfile could not create {path}."
    if reasons:
        text += " Likely: " + "; ".join(reasons) + "."
    else:
        text += " The folder is missing, protected or the file is open elsewhere."
    return Explanation(text=text, fix=tuple(dict.fromkeys(fix)), derived={"diagnosis": diagnosis})
