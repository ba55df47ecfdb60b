"""Computed diagnosis for pyarrow.ipc-not-arrow-data: decode the bogus length into the real format."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MAGIC = {
    b"PAR1": ("Parquet", "read it with pyarrow.parquet.read_table(path) (or pq.read_table(pa.BufferReader(buf)))"),
    b"ARRO": ("the Arrow IPC file format (Feather v2)",
              "read it with pyarrow.ipc.open_file(path) or pyarrow.feather.read_table(path), not open_stream"),
    b"<!DO": ("an HTML page (an error page saved as data)", "re-download the file; check URL, token and redirects"),
    b"<htm": ("an HTML page (an error page saved as data)", "re-download the file; check URL, token and redirects"),
    b"PK\x03\x04": ("a zip archive", "unzip it first or read the member inside"),
    b"\x89HDF": ("an HDF5 file", "read it with h5py / pandas.read_hdf"),
    b"ORC\x00": ("an ORC file", "read it with pyarrow.orc.read_table"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "not-an-arrow-file":
        return Explanation(
            text=("The Arrow IPC file reader (pa.ipc.open_file / feather) found no 'ARROW1' magic at the start or end of "
                  "the data: it is an Arrow IPC stream (written with new_stream / RecordBatchStreamWriter, or by "
                  "Arrow JS tableToIPC's default stream format), another format, or a file whose writer was never closed."),
            fix=("Check the first bytes: head -c 8 FILE | xxd (ffffffff = stream -> pa.ipc.open_stream; PAR1 = Parquet -> pq.read_table).",
                 "If it was written by this job, make sure the writer is closed (use it as a context manager) before reading."),
            derived={"diagnosis": "not the Arrow IPC file format (stream, other format or unclosed writer)"},
        )
    try:
        n = int(facts["metadata_len"])
    except (KeyError, TypeError, ValueError):
        return None
    derived: dict[str, Any] = {}
    if 0 <= n < 2**32:
        raw = n.to_bytes(4, "little")
    else:
        raw = b""
    shown = "".join(chr(b) if 32 <= b < 127 else "." for b in raw)
    derived["magic"] = shown
    read_len = facts.get("read_len")
    fmt, fix_line = None, None
    for magic, (name, how) in _MAGIC.items():
        if raw.startswith(magic[:4]) or (len(magic) < 4 and raw.startswith(magic)):
            fmt, fix_line = name, how
            break
    if fmt is None and raw[:1] in (b"{", b"["):
        fmt, fix_line = "JSON text", "parse it as JSON (pandas.read_json / datasets json builder), or fix the writer"
    if fmt is None and raw and all(32 <= b < 127 or b in (9, 10, 13) for b in raw):
        fmt, fix_line = "text (CSV/JSON/log)", "read it with the text format's reader, or check what was saved under this name"
    if fmt:
        diagnosis = f"input is {fmt}, not an Arrow IPC stream"
        text = (f"The length field {n} is the bytes '{shown}' (little-endian): the reader was given {fmt}.")
        fix = (fix_line.capitalize() + ".",)
    else:
        diagnosis = "input is not an Arrow IPC stream (or is truncated)"
        text = (f"The length field {n} (bytes '{shown}') is not a plausible schema size: the input is another "
                "format, an Arrow file read as a stream, or a truncated/garbled stream.")
        fix = ("Check the first bytes: head -c 8 FILE | xxd (ffffffff = stream, ARROW1 = file format, PAR1 = Parquet).",
               "Use pa.ipc.open_file for the file format, pq.read_table for Parquet; re-fetch truncated files.")
    if read_len is not None:
        text += f" Only {int(read_len)} bytes were left to read."
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=fix, derived=derived)
