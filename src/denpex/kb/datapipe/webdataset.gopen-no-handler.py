"""Computed diagnosis for webdataset.gopen-no-handler: which scheme was looked up and how to open it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    url = str(facts.get("url") or "").replace("\\\\", "\\")
    if not url:
        return None
    m = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", url)
    scheme = m.group(1).lower() if m else ""
    if len(scheme) == 1:
        rest = url[2:].replace("\\", "/").lstrip("/")
        fixed = f"file:{scheme.upper()}:/{rest}"
        return Explanation(
            text=f"'{url}' is a Windows path: its drive letter '{scheme.upper()}:' was parsed as the URL scheme '{scheme}', which gopen has no opener for.",
            fix=(f"Pass '{fixed}' (file: plus forward slashes) or a path relative to the working directory.",),
            derived={"scheme": f"'{scheme}' (Windows drive letter)"},
        )
    if scheme in ("s3", "s3a"):
        return Explanation(
            text=f"'{url}' uses s3://, which this webdataset version has no built-in opener for.",
            fix=(f"Stream through the AWS CLI: wds.WebDataset('pipe:aws s3 cp {url} -') (brace patterns work inside pipe: URLs),",
                 "or use presigned https URLs, or register an opener: webdataset.gopen_schemes['s3'] = fn(url, mode, bufsize, **kw) -> file object."),
            derived={"scheme": "'s3'"},
        )
    if scheme:
        return Explanation(
            text=f"'{url}' uses the scheme '{scheme}', which is not in webdataset.gopen_schemes of the installed version.",
            fix=(f"Use a pipe: command that writes the shard to stdout (e.g. pipe:curl -s -L <https url>), an https URL, "
                 f"or register webdataset.gopen_schemes['{scheme}'] = your opener; check for a typo in the scheme.",),
            derived={"scheme": f"'{scheme}'"},
        )
    return None
