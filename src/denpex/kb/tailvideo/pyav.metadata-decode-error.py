"""Computed diagnosis for pyav.metadata-decode-error: guess the tag code page from the bad byte."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    byte = facts.get("byte")
    if facts.get("_signature") == "decode-arg2-none":
        return Explanation(
            text="This PyAV release passed errors=None when decoding metadata tags; any non-ASCII tag makes av.open fail.",
            fix=("pip install -U av  (then open with av.open(path, metadata_errors='ignore'))",
                 "ffmpeg -i in.mp4 -map_metadata -1 -c copy out.mp4  # strip the tags"),
            derived={"byte_text": ""},
        )
    if not byte:
        return None
    try:
        value = int(str(byte), 16)
    except ValueError:
        return None
    if 0x81 <= value <= 0xFE:
        guess = "a double-byte East Asian code page (GBK/GB18030, Big5 or Shift-JIS)"
        enc = "gbk"
    else:
        guess = "a single-byte code page (Latin-1/cp1252)"
        enc = "latin-1"
    return Explanation(
        text=(f"Byte {byte} in a metadata tag is not UTF-8; it looks like {guess}. The frames are not affected."),
        fix=("av.open(path, metadata_errors='ignore')",
             f"or read the tags correctly: av.open(path, metadata_encoding='{enc}')",
             "or strip them: ffmpeg -i in.mp4 -map_metadata -1 -c copy out.mp4"),
        derived={"byte_text": f" (byte {byte}, likely {enc})"},
    )
