"""Computed diagnosis for faiss.index-file-unreadable: decode the type code, measure truncation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAGIC = {
    b"vers": ("Git LFS pointer", "The file is a Git LFS pointer ('version https://git-lfs...'), not the index: run git lfs install && git lfs pull (also in the Dockerfile), or download the real file."),
    b"\x93NUM": ("NumPy .npy file", "This is a NumPy array file; pass the faiss .index file instead (in RVC: the added_*.index, not total_fea.npy)."),
    b"\x89HDF": ("HDF5 file", "This is an HDF5 file, not a faiss index; pass the .index/.faiss file."),
    b"PK\x03\x04": ("zip archive", "This is a zip archive (a packed index or a model checkpoint); extract it and pass the index file inside."),
    b"<!DO": ("HTML page", "The download saved an HTML page (error/login page) instead of the index; download it again."),
    b"<htm": ("HTML page", "The download saved an HTML page instead of the index; download it again."),
}


def _fourcc(hexs: str) -> bytes | None:
    try:
        v = int(hexs, 16)
    except (TypeError, ValueError):
        return None
    return v.to_bytes(4, "little")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hexs = facts.get("fourcc_hex")
    if hexs:
        raw = _fourcc(str(hexs))
        if raw is None:
            return None
        shown = raw.decode("latin-1").encode("unicode_escape").decode("ascii")
        if raw in _MAGIC:
            what, fix = _MAGIC[raw]
            return Explanation(text=f"The file starts with '{shown}': it is a {what}, not a faiss index.", fix=(fix,),
                               derived={"diagnosis": what, "path_or_type": f"type code '{shown}'"})
        if raw[:2] in (b"\x80\x02", b"\x80\x03", b"\x80\x04", b"\x80\x05"):
            return Explanation(text=f"The file starts with '{shown}', which looks like a Python pickle (e.g. LangChain's index.pkl), not a faiss index.",
                               fix=("Pass the index file (index.faiss) to read_index; the .pkl holds the docstore.",),
                               derived={"diagnosis": "pickle file, not an index", "path_or_type": f"type code '{shown}'"})
        if raw[:1] == b"I" and all(32 <= c < 127 for c in raw):
            return Explanation(text=(f"'{shown}' is a faiss index type code this faiss does not know: the index was written by a newer "
                                     "faiss (or a build with more index types) than the one reading it."),
                               fix=("Upgrade faiss where the index is read (pip install -U faiss-cpu / conda), or rebuild the index with the reader's version.",),
                               derived={"diagnosis": "index written by a newer faiss", "path_or_type": f"index type {shown}"})
        return Explanation(text=f"The file starts with '{shown}', which is not a faiss index type: wrong, damaged or non-faiss file.",
                           fix=("Check what the file is (head -c 64 FILE; file FILE) and re-download or rebuild the index.",),
                           derived={"diagnosis": "not a faiss index file", "path_or_type": f"type code '{shown}'"})
    got, exp = facts.get("got"), facts.get("expected")
    path = str(facts.get("path") or "the index file")
    try:
        got_i, exp_i = int(got), int(exp)
    except (TypeError, ValueError):
        return Explanation(text="An array length in the index header is implausible: the file is corrupt.",
                           fix=("Rebuild or re-download the index; never add to one index file from several processes.",),
                           derived={"diagnosis": "corrupt index (bad length field)", "path_or_type": "the index"})
    if got_i == 0:
        text = f"Reading {path} hit the end of the file (0 of {exp_i} items): the file is empty or cut off here."
    else:
        text = f"Reading {path} got {got_i} of {exp_i} items ({100.0 * got_i / exp_i:.1f}%): the file is truncated."
    return Explanation(text=text,
                       fix=("Re-copy/re-download the complete file (compare sizes/checksums) or rebuild it.",
                            "Write indexes from a single process and rename into place when complete."),
                       derived={"diagnosis": "truncated index file", "path_or_type": path})
