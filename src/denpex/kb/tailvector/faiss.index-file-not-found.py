"""Computed diagnosis for faiss.index-file-not-found: read the path and the OS reason."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _split(path: str) -> tuple[str, str]:
    cut = max(path.rfind("/"), path.rfind("\\"))
    if cut < 0:
        return "", path
    return path[:cut], path[cut + 1:]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    if not path:
        return None
    mode = str(facts.get("mode") or "reading")
    reason = str(facts.get("reason") or "")
    folder, name = _split(path)
    absolute = path.startswith(("/", "\\")) or (len(path) > 2 and path[1] == ":")
    fix: list[str] = []
    if mode == "writing":
        diagnosis = f"cannot write index file ({reason or 'open failed'})"
        text = f"faiss could not create {path}: {reason}."
        if "No such file" in reason:
            fix.append(f"Create the folder first: os.makedirs({folder or '.'!r}, exist_ok=True).")
        elif "Permission" in reason or "Read-only" in reason:
            fix.append("Write the index to a writable location (check the mount / user permissions).")
        return Explanation(text=text, fix=tuple(fix) or ("Check the target folder.",), derived={"diagnosis": diagnosis})
    if "Permission" in reason:
        diagnosis = "index file not readable (permissions)"
        text = f"{path} exists but the process may not read it ({reason})."
        fix.append(f"Fix the permissions: chmod a+r {path!r} (and the folders above it).")
    elif "Is a directory" in reason:
        diagnosis = "a folder was passed where the index file is expected"
        text = f"{path} is a folder: read_index needs the index file itself."
        fix.append(f"Pass the file inside it, e.g. {path.rstrip('/')}/index.faiss, or use the wrapper's load function for folders.")
    else:
        if name == "index.faiss":
            diagnosis = "LangChain FAISS folder not built (index.faiss missing)"
            text = (f"FAISS.load_local({folder or '.'!r}) looked for {path}, which does not exist: the index was not saved there "
                    "(ingest step not run or failed) or the folder is relative to another working directory.")
            fix.append(f"Build it first: FAISS.from_documents(docs, embeddings).save_local({folder or '.'!r}), or run the project's ingest script.")
        else:
            diagnosis = "index file not found"
            text = f"faiss.read_index could not find {path}: build/download the index first or fix the path."
            fix.append(f"Create it with faiss.write_index(index, {path!r}) (the project's build/train script), or point to the existing file.")
        if not absolute:
            fix.append(f"The path is relative: it is resolved against the working directory. Use os.path.join(os.path.dirname(__file__), {path!r}) or an absolute path.")
    if any(ord(c) > 127 for c in path):
        fix.append("The path has non-ASCII characters: on Windows faiss's fopen may fail on them; try an ASCII-only folder name.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
