"""Computed diagnosis for ffmpeg.image-sequence-not-found: which file names ffmpeg probed and what to check."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation

_SPEC = re.compile(r"%(0?)(\d*)d")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pattern = facts.get("pattern")
    if not isinstance(pattern, str) or not pattern:
        return None
    start = as_int(facts.get("start_number"))
    end = as_int(facts.get("range_end"))
    if start is None:
        start = 0
    if end is None or end < start:
        end = start + 4
    derived: dict[str, Any] = {}
    norm = pattern.replace("\\", "/")
    directory, _, name = norm.rpartition("/")
    directory = directory or "."
    derived["directory"] = directory
    derived["relative"] = not (norm.startswith("/") or re.match(r"^[A-Za-z]:/", norm) is not None)
    spec = _SPEC.search(name)
    parts: list[str] = []
    fix: list[str] = []
    if spec is None:
        derived["is_sequence"] = False
        parts.append(
            f"'{name}' has no %d counter, so ffmpeg looked for that single file and it does not exist in {directory} "
            "(or its name holds % / [ ] characters that image2 reads as a pattern)."
        )
        fix.append(f"Check the path: ls -l '{pattern}'; for a file name with % or [ ] add -pattern_type none before -i.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    derived["is_sequence"] = True
    width = int(spec.group(2)) if spec.group(2) else 0
    zero = spec.group(1) == "0" or (width > 0 and spec.group(2).startswith("0"))
    derived["digits"] = width or None

    def _name(i: int) -> str:
        num = str(i).zfill(width) if (zero and width) else (str(i).rjust(width) if width else str(i))
        return name[: spec.start()] + num + name[spec.end():]

    first, last = _name(start), _name(end)
    derived["probed_first"] = first
    derived["probed_last"] = last
    parts.append(
        f"ffmpeg probed {directory}/{first} .. {last} (indices {start}-{end}) and none exists."
    )
    if width:
        parts.append(f"The pattern needs exactly {width} digits{' with leading zeros' if zero else ''}: frame 1 must be named {_name(1)}.")
    if derived["relative"]:
        parts.append(f"'{directory}' is relative, resolved from ffmpeg's working directory.")
    if "result" in norm.lower() or "frame" in norm.lower():
        parts.append(
            "If a tracking/detection demo was meant to write these frames, the folder is probably empty because that step failed: "
            "read the first error above the ffmpeg banner."
        )
    fix.append(f"ls -1 '{directory}' | head -3   # compare the first name with {first}")
    fix.append(
        f"If the frames start later: ffmpeg -framerate 25 -start_number <first index> -i '{pattern}' out.mp4"
    )
    ext = name.rsplit(".", 1)[-1] if "." in name else "jpg"
    fix.append(f"Or ignore numbering: ffmpeg -framerate 25 -pattern_type glob -i '{directory}/*.{ext}' out.mp4 (not on Windows)")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
