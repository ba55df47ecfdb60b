"""Computed diagnosis for stanza.download-md5-mismatch: empty file, tiny page or truncated archive."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EMPTY_MD5 = "d41d8cd98f00b204e9800998ecf8427e"
_UNITS = {"": 1, "B": 1, "kB": 1e3, "KB": 1e3, "k": 1e3, "MB": 1e6, "M": 1e6, "GB": 1e9, "G": 1e9}


def _bytes(size: str) -> float | None:
    m = re.fullmatch(r"([\d.]+)\s*([kMG]?B?)", size.strip())
    if not m:
        return None
    try:
        return float(m.group(1)) * _UNITS.get(m.group(2), 1)
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    got = str(facts.get("got_md5") or "")
    size = str(facts.get("size") or "")
    if not (path or got or size or facts.get("_signature")):
        return None
    n = _bytes(size) if size else None
    target = path or "the downloaded archive"
    if got == _EMPTY_MD5:
        diagnosis = "empty file downloaded"
        text = f"{target} has the MD5 of an empty file: nothing was downloaded (blocked or failed request)."
    elif n is not None and n < 1e6:
        diagnosis = f"only {size} downloaded: an error page, not a model"
        text = (f"The download was {size}; Stanza models are tens to hundreds of MB. The server returned an error or "
                "maintenance page (or a proxy/login page) that was saved as the archive.")
    else:
        diagnosis = "truncated or corrupted download"
        text = f"{target} is not the published archive (interrupted, truncated or concurrently written download)."
    fix = (f"Delete {target} and run stanza.download again (one process at a time).",
           "pip install -U stanza (current releases download from the Hugging Face Hub); behind a proxy set HTTPS_PROXY.")
    url = str(facts.get("url") or "")
    if "nlp.stanford.edu" in url:
        text += " This stanza release downloads from nlp.stanford.edu; current releases use the Hugging Face Hub."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
