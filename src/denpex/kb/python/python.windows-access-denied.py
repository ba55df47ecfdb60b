"""Computed diagnosis for python.windows-access-denied: sharing violation vs access denied, and what the path
(a rename source/target, a cache, a protected location, a temp file) says about who holds or blocks it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _norm(p: str) -> str:
    return p.replace("\\\\", "\\").replace("\\", "/")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("winerror")
    if code is None:
        return None
    path = _norm(str(facts.get("path") or ""))
    dest = _norm(str(facts.get("dest") or ""))
    low = path.lower()
    parts: list[str] = []
    fix: list[str] = []
    if code in (32, 33):
        what = "file in use by another process" if code == 32 else "file region locked by another process"
        parts.append(f"[WinError {code}] is a sharing violation: another handle has {'this file' if path else 'the file'} open, so Windows refuses to {'rename' if dest else 'delete, rename or open'} it. Administrator rights do not help; the holder must close it.")
    else:
        what = "access denied"
        parts.append("[WinError 5] Access is denied: Windows refused the operation on this path - it is open somewhere in a way that blocks it (typical for folder renames), protected, read-only, or owned by another user.")
    kind = ""
    if dest:
        kind = "rename"
        parts.append(f"The failing call renames '{path}' to '{dest}' (a script archiving an existing folder or a cache moving a finished download into place). A folder cannot be renamed while any file inside it is open or while it is open in Explorer or is a terminal's current directory.")
        fix.append(f"Close whatever uses {path} (a previous run or TensorBoard writing logs there, Explorer windows, terminals cd'ed into it), or delete/move that folder by hand, or start the run with a new experiment name so nothing needs renaming.")
    if re.search(r"/\.cache/|/huggingface/|hf_home|/torch/hub/|/appdata/local/temp|/temp/", low):
        kind = kind or "cache"
        parts.append("The path is in a download cache or temp folder: on Windows an interrupted earlier download, a parallel process using the same cache, or antivirus/indexer scanning the new file keeps it open.")
        fix.append("Stop other processes using the cache, delete the incomplete entry (the folder named in the message) and retry; if it recurs, set HF_HOME / TORCH_HOME / TEMP to a local folder excluded from antivirus scanning and outside OneDrive.")
    if "onedrive" in low or re.search(r"/(?:documents|desktop)/", low):
        parts.append("The path is under OneDrive/Documents/Desktop: sync clients and Defender's Controlled Folder Access lock or block writes there.")
        fix.append("Move the project, data and outputs to a plain local folder (e.g. C:/work), or pause sync / allow python.exe in Controlled Folder Access.")
    if re.search(r"program files|/windows/|/site-packages/|/lib/site-packages", low):
        kind = kind or "protected"
        parts.append("The path is a protected install location (Program Files, a system-wide Python's site-packages): writing there needs administrator rights, and a running python.exe keeps its .pyd/.dll files open.")
        fix.append("Use a virtual environment you own (python -m venv .venv) or pip install --user; close every running Python before reinstalling packages.")
    if re.search(r"\.(?:mp4|avi|wav|mp3|png|jpe?g|npz|npy|pt|pth|ckpt|safetensors|log|txt|csv|json|tfevents[^/]*)$", low) and not dest:
        parts.append("A data/log/checkpoint file is being deleted or overwritten while still open - often by the same script (a reader/writer not closed) or by a DataLoader worker process.")
        fix.append("Close the reader/writer before removing or replacing the file (use `with` blocks, call .close() on video/image readers and log handlers); for DataLoader-related cases test with num_workers=0.")
    if not fix:
        fix.append("Find the process holding the path (Resource Monitor > CPU > Associated Handles, search the name), close it, and retry; keep outputs in a local folder you own.")
    if not path:
        parts.append("The message names no path: the operation was on a handle or a temporary object; check what the failing frame opens or deletes.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what + (f" ({kind})" if kind else ""), "location": (str(facts.get("path") or "").replace("\\\\", "\\") or "?")})
