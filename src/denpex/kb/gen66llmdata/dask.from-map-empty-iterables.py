"""Computed diagnosis for dask.from-map-empty-iterables: which step built the empty list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("caller") or "")
    if caller.startswith("download_"):
        text = (f"{caller} produced no URLs to download: the snapshot/date range holds no existing dump "
                "(not every year-week has a Common Crawl snapshot) or url_limit/filters removed all of them.")
        fix = ("Pick start/end snapshots that exist (index.commoncrawl.org/collinfo.json) and a url_limit > 0.",)
    elif caller:
        text = (f"{caller} found no input files: the path, glob or file-type filter matched nothing "
                "(wrong folder or extension, or files not visible from the client).")
        fix = ("List the input folder and pass the matching file_type/extension; use an absolute path visible to the client.",)
    else:
        return Explanation(text="The code calling dask from_map built an empty list of files or URLs.",
                           fix=("Print the list before the call and fix the path, glob or range that produced it.",),
                           derived={"caller_where": ""})
    return Explanation(text=text, fix=fix, derived={"caller_where": f" (from {caller})"})
