"""Computed diagnosis for dali.reader-no-files: which reader and what to check on the path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    path = str(facts.get("path") or "").strip()
    fix: list[str] = []
    if sig == "video-no-files-read":
        reason = "the video reader's file list is empty"
        text = "readers.video collected no video: filenames/file_list/file_root point at nothing that exists."
        fix.append("Pass absolute paths of existing videos in filenames=[...] or a file_list of '<path> <label>' lines.")
    elif sig == "list-not-opened":
        reason = f"list file {path} could not be opened" if path else "the file_list could not be opened"
        text = "The reader could not open its file_list" + (f" '{path}'" if path else "") + "."
        fix.append("Check the file_list path exists and is readable from the job's working directory (use an absolute path).")
    elif sig == "file-mapping-failed":
        reason = f"cannot open {path}" if path else "a listed file cannot be opened"
        text = f"DALI could not open or mmap '{path}'." if path else "DALI could not open a listed file."
        if path.startswith("~"):
            text += " The path starts with '~', which DALI's C++ file access does not expand."
            fix.append("Expand the path in Python: os.path.expanduser(...) before passing file_root/file_list.")
        elif path and not path.startswith("/") and ":" not in path[:3]:
            text += " The path is relative: it is resolved against the process working directory."
            fix.append("Pass an absolute file_root (os.path.abspath).")
        fix.append("Check that the file exists on this node (ls -l the path from the error).")
    else:
        reason = "readers.file listed no files"
        text = ("readers.file found no files: file_root is empty, wrong, or not laid out as <file_root>/<class>/<file>, "
                "or file_list has no usable '<path> <int label>' lines.")
        fix.append("Arrange data as <file_root>/<class>/<image> or give file_list lines '<relative path> <integer label>'.")
        fix.append("Use an absolute path without ~ and check the directory is mounted on this node.")
    return Explanation(text=text, fix=tuple(fix), derived={"reason": reason})
