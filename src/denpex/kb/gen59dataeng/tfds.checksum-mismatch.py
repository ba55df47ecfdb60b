"""Computed diagnosis for tfds.checksum-mismatch: page instead of file, or a changed file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlparse

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    url = facts.get("url")
    if not url:
        return None
    url = str(url)
    host = urlparse(url).netloc or "the source host"
    drive = "drive.google.com" in host or "docs.google.com" in host
    exp = parse_size(facts.get("expected_size"))
    got = parse_size(facts.get("got_size"))
    got_name = str(facts.get("got_filename") or "")
    derived: dict[str, Any] = {"host": host}
    fix: list[str] = []
    if exp is not None and got is not None and exp > 0:
        ratio = got / exp
        derived["size_ratio"] = round(ratio, 6)
        if got < 64 * 1024 and exp > 1024 * 1024:
            kind = "html-page"
            text = (f"tfds received {fmt_bytes(got)} where the source is {fmt_bytes(exp)}"
                    f"{' (saved as ' + repr(got_name) + ')' if got_name else ''}: the server sent a page, not the file"
                    f"{' - Google Drive quota / virus-scan page' if drive else ''}.")
        elif 0.9 <= ratio <= 1.1:
            kind = "changed-file"
            text = (f"Got {fmt_bytes(got)} against {fmt_bytes(exp)} expected: about the same size, so the publisher "
                    "replaced the file at this URL and the checksum in the installed tfds release is outdated.")
        else:
            kind = "different-content"
            text = f"Got {fmt_bytes(got)} against {fmt_bytes(exp)} expected from {host}: a different or truncated file."
    elif drive:
        kind = "html-page"
        text = ("The source is a Google Drive link; a checksum mismatch there is almost always Drive's quota or "
                "virus-scan page saved in place of the file.")
    else:
        kind = "unknown"
        text = f"The file downloaded from {host} does not match the size/sha256 recorded in the builder's checksums."
    derived["kind"] = kind
    if kind == "html-page":
        fix.append("Retry later (Drive quotas reset daily), or download the file in a browser and place it in "
                   "~/tensorflow_datasets/downloads/manual (DownloadConfig(manual_dir=...)).")
        fix.append(f"Check what was received: curl -sL '{url}' | head -c 300 (an '<html' start is a page).")
    elif kind == "changed-file":
        fix.append("pip install -U tensorflow-datasets (or tfds-nightly) for the updated checksum.")
        fix.append("For your own builder: tfds build --register_checksums.")
    else:
        fix.append(f"curl -sIL '{url}' and compare with the expected size; then upgrade tfds or use manual_dir.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
