"""Computed diagnosis for windows.filename-too-long: which Windows limit the path exceeds."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("path") or "")
    path = raw[1:-1] if len(raw) >= 2 and raw[0] in "'\"" and raw[-1] == raw[0] else raw
    if not path:
        text = ("Windows reported a name that is too long without a path: usually a subprocess command line over 32767 "
                "characters (long text or file lists passed as arguments).")
        fix = ("Pass the large input through a temporary file or stdin instead of a command-line argument.",)
        return Explanation(text=text, fix=fix, derived={"length_text": "command line or unnamed path"})
    path = path.replace("\\\\", "\\")
    parts = [p for p in re.split(r"[\\/]", path) if p]
    longest = max(parts, key=len) if parts else path
    total = len(path)
    if len(longest) > 255:
        text = (f"One name in the path is {len(longest)} characters long (NTFS allows 255 per name, whatever the "
                f"long-path setting): '{longest[:60]}...'.")
        fix = ("Shorten that folder/file name: store the options in a config file inside the folder and name it with a "
               "timestamp or a short hash (hashlib.sha1(name.encode()).hexdigest()[:8]).",)
        return Explanation(text=text, fix=fix, derived={"length_text": f"component of {len(longest)} characters"})
    relative = not re.match(r"^[A-Za-z]:", path) and not path.startswith("\\\\")
    note = " (relative: the working directory's length adds to it)" if relative else ""
    if total >= 200 or relative:
        text = (f"The path is {total} characters{note}, longest name {len(longest)}; Windows' MAX_PATH is 260 for the "
                "full path unless long paths are enabled.")
        fix = ("Enable long paths: set HKLM\\SYSTEM\\CurrentControlSet\\Control\\FileSystem LongPathsEnabled=1 (admin), open a new shell",
               "or move the project to a short root (C:\\w) / shorten generated folder names.")
        return Explanation(text=text, fix=fix, derived={"length_text": f"path of {total} characters"})
    text = (f"The reported path is only {total} characters, so the limit hit is probably elsewhere: a deeper file created "
            "under it, or a command line over 32767 characters.")
    fix = ("Check the lengths of the files written under this folder and of any subprocess command line.",)
    return Explanation(text=text, fix=fix, derived={"length_text": f"path of {total} characters"})
