"""Computed diagnosis for tf.tfrecord-corrupted: offset 0 (format/compression) vs damaged file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _size(n: int) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return str(n)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("kind") or "")
    offset = facts.get("offset")
    if not isinstance(offset, int):
        return None
    if offset == 0:
        return Explanation(
            text=f"The very first record fails ({kind} record at 0): the file is not an uncompressed TFRecord as read - "
                 "most often a GZIP/ZLIB-compressed TFRecord opened without compression_type, or an empty/LFS-pointer/other-format file.",
            fix=("Check the first bytes: head -c 2 FILE | xxd (1f8b = gzip) and use tf.data.TFRecordDataset(files, compression_type='GZIP').",
                 "Otherwise regenerate the file; check it is not empty or a Git LFS pointer (head -c 200 FILE)."),
            derived={"problem": "not a TFRecord file as read (compression_type?)", "offset_human": "0 bytes"},
        )
    where = _size(offset)
    if kind == "truncated":
        text = (f"A file ends in the middle of the record that starts at byte {offset} ({where} in): the file is cut short - "
                "an interrupted download/copy, a full disk, or a writer that was still running or was killed before close().")
        problem = f"file cut short after {where}"
    else:
        text = (f"The checksum of the record at byte {offset} ({where} in) does not match: the file is damaged from there on - "
                "an incomplete or corrupted download/copy, or an unreliable filesystem.")
        problem = f"damaged data at {where}"
    return Explanation(
        text=text,
        fix=("Find the file: iterate each file alone (sum(1 for _ in tf.data.TFRecordDataset(f))) and note the one that raises; "
             "compare its size/checksum with the source and re-download or regenerate it.",
             "Stopgap: dataset.ignore_errors() skips the unreadable records (data is lost silently)."),
        derived={"problem": problem, "offset_human": where},
    )
