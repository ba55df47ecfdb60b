"""Computed diagnosis for webdataset.shard-format-error: duplicate key vs a non-tar download."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fname = str(facts.get("fname") or "")
    if fname:
        suffix = str(facts.get("suffix") or "")
        base = fname.rsplit("/", 1)[-1]
        key = base.split(".", 1)[0]
        if base.count(".") > 1:
            why = (f"the member name '{base}' has several dots: WebDataset takes '{key}' as the key and '{base.split('.', 1)[1]}' "
                   "as the extension, so differently named files collapse onto one key")
        else:
            why = f"the sample key '{key}' occurs twice in a row in the shard (non-unique keys, or the file was added twice)"
        return Explanation(
            text=f"{fname}: a second '.{suffix}' member for the same sample - {why}.",
            fix=("Rebuild the shard with unique, dot-free __key__ values (e.g. a running index) and keep original names in a json field;",
                 "as a stopgap pass handler=wds.warn_and_continue to skip the sample."),
            derived={"problem": f"duplicate key '{key}' (.{suffix}) in {fname}"},
        )
    url = str(facts.get("url") or "")
    if url:
        head = str(facts.get("head") or "")
        ftype = str(facts.get("ftype") or "").strip()
        low = head.lower()
        if "<html" in low or "<!doctype" in low or "<?xml" in low or "<error" in low:
            what = "an HTML/XML error page (access denied, expired URL, not found, rate limit)"
            fix = (f"Open {url} by hand (curl -I) and fix credentials/URL; delete the cache folder and rerun.",)
        elif "git-lfs" in low:
            what = "a Git LFS pointer, not the shard"
            fix = ("Fetch the real files (git lfs pull / huggingface-cli download) or stream from the resolve URL.",)
        elif "paxheader" in low or "ustar" in low:
            what = f"a tar written in PAX/GNU format that the file-type check did not recognize (type reported: '{ftype}')"
            fix = ("Install the `file` utility, upgrade webdataset, or pass a validator that accepts it; or rewrite shards in ustar format.",)
        else:
            what = f"a '{ftype or 'unknown'}' file"
            fix = (f"Check what {url} returns (head -c 300) and regenerate or re-upload the shard.",)
        return Explanation(
            text=f"The cached download of {url} is {what}, so WebDataset refused it as a shard.",
            fix=fix,
            derived={"problem": f"{url} is not a tar shard"},
        )
    return None
