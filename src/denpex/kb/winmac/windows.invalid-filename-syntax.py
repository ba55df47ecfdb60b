"""Computed diagnosis for windows.invalid-filename-syntax: the forbidden character in the path and the fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TS = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")


def _bad(path: str) -> tuple[str, str]:
    body = path[2:] if re.match(r"^[A-Za-z]:", path) else path
    if body.lstrip().startswith("[[") or re.match(r"^\s*(?:array|tensor)\(", body):
        return (
            "the printed text of an array/tensor (an image or tensor was passed where a file path is expected)",
            "Pass a file path to this API, or use the variant that accepts arrays (check the function's signature for your installed version).",
        )
    if re.search(r"(?i)\b(?:https?|s3|gs|hf|ftp):", body):
        return "a URL used as a file path", "Download the file first (hf_hub_download / urllib) and pass the local path, not the URL."
    if _TS.search(body):
        return "':' from a timestamp", "Format timestamps without colons: datetime.now().strftime('%Y-%m-%d_%H-%M-%S')."
    if "\\t" in body or "\\n" in body or "\\r" in body:
        return "a tab/newline (a backslash escape in a normal string)", "Write Windows paths as raw strings r'C:\\...' or with forward slashes / pathlib.Path."
    for ch in ':*?"<>|':
        if ch in body:
            return f"'{ch}' in a file or folder name", "Replace forbidden characters: re.sub(r'[<>:\"|?*]', '_', name)."
    return "", ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("path") or "")
    path = raw[1:-1] if len(raw) >= 2 and raw[0] in "'\"" and raw[-1] == raw[0] else raw
    if path is raw and raw[:1] in ("'", '"'):
        path = raw[1:]  # truncated paste: opening quote without its closing one
    if not path:
        return None
    if path.strip() == "":
        return None
    what, fix = _bad(path)
    if not what:
        text = f"Windows rejected {raw} as a file name (ERROR_INVALID_NAME)."
        return Explanation(text=text, fix=("Check the name for : * ? \" < > | or control characters and replace them.",),
                           derived={"bad_char": "an invalid character"})
    text = f"Windows cannot create {raw}: it contains {what}, which is valid on Linux/macOS but not in a Windows file name."
    return Explanation(text=text, fix=(fix,), derived={"bad_char": what})
