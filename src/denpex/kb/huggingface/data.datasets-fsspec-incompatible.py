"""Computed text for data.datasets-fsspec-incompatible: which fsspec change the wording points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("fs"):
        what = "old datasets misreads fsspec >= 2023.10 LocalFileSystem as remote"
        text = ("The dataset was prepared but datasets refused to read its own local cache: datasets <= 2.14.5 compares the "
                "filesystem protocol with 'file', and fsspec 2023.10.0 made it the tuple ('file', 'local').")
    else:
        what = "old datasets glob patterns rejected by fsspec >= 2023.12"
        text = ("fsspec 2023.12.0 only accepts '**' as a whole path component; datasets <= 2.14.5 builds split patterns such as "
                "'**[-._ 0-9/]train[-._ 0-9]*', so resolving the data files fails before any download. If the pattern is your own "
                "data_files glob, rewrite it as 'dir/**/*.ext'.")
    fix = (
        "pip install -U datasets (>= 2.14.6, it pins a compatible fsspec), then restart the process / notebook runtime.",
        "If datasets must stay old: pip install 'fsspec[http]==2023.9.2' (with gcsfs/s3fs of the same release month).",
    )
    return Explanation(text=text, fix=fix, derived={"what": what})
