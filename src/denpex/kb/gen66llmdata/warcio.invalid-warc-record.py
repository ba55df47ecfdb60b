"""Computed diagnosis for warcio.invalid-warc-record: what the quoted first line says the file is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    first = str(facts.get("first_line") or "")
    found = str(facts.get("found") or "")
    seen = first or found
    low = seen.lower()
    fix: list[str] = []
    if "<?xml" in low or "<error>" in low or "accessdenied" in low or "slowdown" in low or "nosuchkey" in low:
        diagnosis = "the file holds an XML document (an S3/HTTP error response saved as the WARC)"
        fix.append("Re-download it, checking the HTTP status; an S3 error body (AccessDenied/SlowDown/NoSuchKey) was written in place of the data.")
    elif "<!doctype" in low or "<html" in low:
        diagnosis = "the file holds an HTML page (an error or redirect page saved as the WARC)"
        fix.append("Re-download it from the right URL (data.commoncrawl.org or s3://commoncrawl/), checking the HTTP status.")
    elif "warc-" in low or "content-length" in low or "content-type" in low:
        diagnosis = "a WARC header line where a record should start (wrong Content-Length, cut or concatenated file)"
        fix.append("Find the last good offset with warcio index; regenerate records whose Content-Length does not match their body, or re-download a cut file.")
    elif "\\x" in seen or any(ord(c) > 126 for c in seen):
        diagnosis = "binary data (truncated/corrupt file or a compression warcio does not expect)"
        fix.append("Check it with gzip -t; re-download a truncated file, and let warcio read .warc.gz directly (no extra gzip layer, no zstd/bz2).")
    elif seen:
        diagnosis = "a line that is not a WARC/ARC header"
        fix.append("Look at the first bytes of the file (head -c 300 | xxd) to see what was saved under that name.")
    else:
        return None
    text = f"warcio expected a 'WARC/1.x' status line but read {seen[:100]!r}: {diagnosis}."
    fix.append("Catch warcio.exceptions.ArchiveLoadFailed per file, log the path and continue, then re-fetch the listed files.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
