"""Computed diagnosis for ray.data-read-no-input-files: which reader the extension list belongs to."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_IMAGES = {"png", "jpg", "jpeg", "tif", "tiff", "bmp", "gif"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("extensions")
    if not raw:
        return Explanation(
            text="Files were listed under the path, but none ends with an extension the reader accepts (this Ray release does not print the list).",
            fix=("Compare the file suffixes with the reader (read_images: image types, read_parquet: parquet, read_csv: csv ...); use the matching reader or pass file_extensions=None.",),
            derived={"extensions": "", "hint": " (files found but all filtered by extension)"},
        )
    exts = [e.lower() for e in re.findall(r"[\w.+-]+", str(raw))]
    dotted = [e for e in exts if e.startswith(".")]
    if dotted:
        return Explanation(
            text=f"file_extensions contains dotted entries {dotted}; the filter expects suffixes without the dot.",
            fix=(f"Pass file_extensions={[e.lstrip('.') for e in exts]!r}.",),
            derived={"hint": " - dotted entries in file_extensions"},
        )
    if exts and set(exts) <= _IMAGES:
        return Explanation(
            text="These are read_images' default extensions: the folder holds no image files with those suffixes (often parquet/npy/tfrecord data, or upper-case/other image suffixes).",
            fix=("Use the reader for the files' format (read_parquet, read_numpy ...), or pass file_extensions=[...] with the real image suffixes.",),
            derived={"hint": " - read_images defaults: no image files under the path"},
        )
    if exts == ["parquet"]:
        return Explanation(
            text="read_parquet keeps only *.parquet names: extension-less part files (Spark/Delta/Hive output) or metadata-only folders are dropped.",
            fix=("Pass file_extensions=None to read_parquet, or point it at the *.parquet files.",),
            derived={"hint": " - read_parquet found no *.parquet names"},
        )
    if exts and exts[0] in {"csv", "json", "jsonl", "txt"}:
        return Explanation(
            text=f"The reader keeps only {exts} names: compressed (.gz/.bz2) or extension-less files are dropped.",
            fix=(f"Pass file_extensions=[...] with the real suffixes (e.g. ['{exts[0]}.gz'] / ['gz']) or None, plus the compression option of the reader.",),
            derived={"hint": f" - no *.{exts[0]} names (compressed or unsuffixed files?)"},
        )
    return Explanation(
        text=f"No listed file ends with any of {exts}.",
        fix=("List the path and use the reader / file_extensions that match the real suffixes.",),
        derived={"hint": ""},
    )
