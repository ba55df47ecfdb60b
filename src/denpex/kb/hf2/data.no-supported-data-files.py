"""Computed diagnosis for data.no-supported-data-files: local path vs Hub id and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip().strip("'\"").rstrip(".")
    if not path:
        return Explanation(text="load_dataset found no file with a supported extension at the resolved location.",
                           fix=("Pass explicit files: load_dataset('json'|'csv'|'parquet', data_files=...).",),
                           derived={"path": "(not printed)"})
    local = path.startswith(("/", "./", "../", "~")) or (len(path) > 2 and path[1] == ":") or "\\" in path
    if local:
        text = (f"The local directory {path} contains no loadable data files (empty, README/LFS pointers only, or unsupported formats).")
        fix = (f"find {path} -type f | head  - check extensions (parquet/arrow/csv/json/jsonl/txt).",
               f"If this is an offline copy, download it fully: huggingface-cli download --repo-type dataset <id> --local-dir {path}.",
               "Or load explicit files: load_dataset('json', data_files='<dir>/*.jsonl').")
    elif "/" not in path:
        text = (f"'{path}' was resolved as a local folder or a Hub id without files. A folder named {path} in the working directory "
                "shadows the Hub dataset of the same name.")
        fix = (f"ls -d ./{path} - rename/move that folder, or use the full Hub id (org/{path}).",
               "Otherwise pass explicit data_files with a format builder.")
    else:
        text = f"The Hub dataset {path} (this revision/config/data_dir) has no files in a supported format."
        fix = (f"List the repo files (huggingface.co/datasets/{path}/tree/main); pick the right config/data_dir or revision.",
               "Load the actual files by URL/path with load_dataset('parquet'|'json', data_files=...).")
    return Explanation(text=text, fix=fix, derived={"path": path})
