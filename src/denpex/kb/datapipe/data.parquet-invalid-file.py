"""Computed diagnosis for data.parquet-invalid-file: which kind of non-Parquet file this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIDE_FILES = ("_SUCCESS", ".crc", "_metadata", "_common_metadata", ".json", ".jsonl", ".csv", ".pt", ".txt", ".tmp")


def _ascii(found: str) -> str:
    try:
        vals = [int(v) % 256 for v in found.strip("[]").split(",") if v.strip()]
    except ValueError:
        return ""
    return "".join(chr(v) if 32 <= v < 127 else "." for v in vals)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("source_path") or "")
    size = facts.get("file_size")
    found = str(facts.get("found_bytes") or "")
    name = path if path and path != "<Buffer>" else "the file"
    base = path.rsplit("/", 1)[-1]
    if isinstance(size, int) and size == 0:
        return Explanation(
            text=f"{name} is empty (0 bytes): its writer died before the first flush, or an empty object/partition was listed as data.",
            fix=(f"Delete {name} (or re-create it) and rerun; write shards to a temp name and rename after close().",),
            derived={"problem": "empty file"},
        )
    if isinstance(size, int) and size < 8:
        return Explanation(
            text=f"{name} has only {size} bytes, less than a Parquet footer (8 bytes): a truncated or placeholder file.",
            fix=(f"Re-create or re-download {name}.",),
            derived={"problem": "file smaller than the footer"},
        )
    if base and (base.startswith((".", "_")) or any(base.endswith(s) or base == s for s in _SIDE_FILES)):
        return Explanation(
            text=f"{path} is not a data file ({base}): the glob/folder given to the reader also matched side files.",
            fix=("Pass only *.parquet files (data_files='data/*.parquet', or ignore_prefixes=['_', '.'] in pq.ParquetDataset).",),
            derived={"problem": f"non-parquet file {base}"},
        )
    if found:
        tail = _ascii(found)
        text = f"{name} ends with bytes {found} ('{tail}') instead of 'PAR1': the footer is missing (truncated write or copy) or this is another format."
        return Explanation(text=text, fix=(f"Remove or regenerate {name}; check that the writing task completed.",),
                           derived={"problem": f"tail bytes {tail!r}", "tail_ascii": tail})
    if path and path != "<Buffer>":
        return Explanation(
            text=f"{path} has no Parquet footer: truncated (writer killed before close, interrupted download), a Git LFS pointer or HTML page, or another format.",
            fix=(f"Check it: ls -la {path}; head -c 200 {path}; tail -c 4 {path} | xxd - then delete/re-download it.",),
            derived={"problem": "no footer"},
        )
    return Explanation(
        text="The file has no Parquet footer ('PAR1' at the end): truncated (writer killed before close, interrupted "
             "download), a Git LFS pointer or HTML page, or another format picked up by the glob. The name is not in "
             "the message ('<Buffer>' = opened through fsspec): read the files one by one to find it.",
        fix=("python -c \"import pyarrow.parquet as pq,glob;[pq.ParquetFile(f) or print('ok',f) for f in sorted(glob.glob('DATA/*.parquet'))]\"  # last 'ok' + 1 is the bad file",),
        derived={"problem": "no Parquet footer (truncated or not a Parquet file)"},
    )
