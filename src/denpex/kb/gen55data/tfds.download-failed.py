"""Computed diagnosis for tfds.download-failed: what the HTTP status says about the source."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlparse

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    url = facts.get("url")
    code = as_int(facts.get("http_code"))
    if not url or code is None:
        return None
    host = urlparse(str(url)).netloc or "the source host"
    derived: dict[str, Any] = {"host": host}
    if code == 404:
        derived["http_class"] = "moved-or-deleted"
        text = (f"{host} answered 404: the file is no longer at the URL this tensorflow-datasets release has for it. "
                "Retrying will not help until the builder's URL changes.")
        fix = ("pip install -U tensorflow-datasets (or tfds-nightly) to get the builder with the current URL.",
               f"Or find the file's new location on {host}, download it by hand and place it in the manual_dir.")
    elif code in (401, 403):
        derived["http_class"] = "access-denied"
        text = (f"{host} answered {code}: the file exists but is not public any more (closed bucket, login or "
                "terms acceptance). tfds downloads anonymously.")
        fix = ("Check the dataset's catalog page and tfds-nightly for a new source.",
               "If you can obtain the file with an account, put it in the manual_dir (DownloadConfig(manual_dir=...)).")
    elif code == 429 or code >= 500:
        derived["http_class"] = "server-side"
        text = (f"{host} answered {code}: the server is down, overloaded or rate-limiting. The URL is probably right.")
        fix = ("Retry later (the download restarts from scratch; nothing was cached).",
               "For repeated runs, prepare the dataset once and reuse data_dir.")
    else:
        derived["http_class"] = "other"
        text = f"{host} answered HTTP {code} instead of 200 for {url}."
        fix = (f"curl -sIL '{url}' to see what the server returns now.",)
    return Explanation(text=text, fix=fix, derived=derived)
