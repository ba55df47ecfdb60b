"""Computed diagnosis for h5py.object-metadata-corrupt: which metadata block failed and where."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BLOCKS = {
    "bad object header version number": "an object header (the record describing a group or dataset)",
    "bad object header link count": "an object header (the record describing a group or dataset)",
    "bad symbol table node signature": "a group's symbol table node (the list of its members)",
    "unable to load symbol table node": "a group's symbol table node (the list of its members)",
    "wrong B-tree signature": "a B-tree node (group index or dataset chunk index)",
    "unable to protect B-tree node": "a B-tree node (group index or dataset chunk index)",
    "bad local heap signature": "a local heap (where a group keeps member names)",
    "bad heap free list": "a local heap (where a group keeps member names)",
    "free block size is zero?": "a local heap (where a group keeps member names)",
    "incorrect metadata checksum after all read attempts": "a checksummed metadata block (newer file format)",
    "filter returned failure during read": "a compressed chunk (the compression filter rejected the bytes)",
    "inflate() failed": "a gzip-compressed chunk",
    "addr overflow": "a file address that points past the end of the file's allocated space (eoa)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = facts.get("hdf5_detail")
    if not detail:
        return None
    block = _BLOCKS.get(str(detail), "an HDF5 metadata block")
    worker = facts.get("in_worker")
    if worker:
        diagnosis = "h5py handle shared by forked DataLoader workers (or damaged file)"
        text = (f"HDF5 could not parse {block} ('{detail}') while reading in {worker}. "
                "When the file is intact this is the classic sign of an h5py.File opened in the Dataset's "
                "__init__ and inherited by the forked workers: they read through one shared handle and parse "
                "each other's bytes.")
        fix = ("Keep only the path in __init__ and open the file lazily inside each worker "
               "(if self.h5 is None: self.h5 = h5py.File(self.path, 'r')).",
               "Check with num_workers=0: if the error is gone, the file is fine.")
    else:
        diagnosis = "HDF5 file damaged (or read through a shared handle)"
        text = (f"HDF5 found the object but could not parse {block} ('{detail}'): the bytes at that address are "
                "not what the file's own pointers promise. The file is truncated or was not closed by its writer, "
                "or several processes read it through one inherited handle.")
        fix = ("Verify the file: h5dump -H file.h5 > /dev/null, and compare its checksum with the source; "
               "re-download or regenerate it if it fails.",
               "If the file checks out, open it per process/worker instead of sharing one h5py.File.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
