"""Computed diagnosis for dvc.unexpected-error: which group the wrapped exception text falls in."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GROUPS: tuple[tuple[str, str, str, str], ...] = (
    (r"Unable to locate credentials|No AWSAccessKey|NoCredentials|InvalidAccessKeyId|ExpiredToken|credential",
     "remote credentials missing or invalid",
     "The cloud SDK found no usable credentials for the remote.",
     "Configure credentials for this shell (aws configure / a profile, or dvc remote modify --local <remote> access_key_id/secret_access_key) and rerun."),
    (r"Forbidden|AccessDenied|\(403\)|\b403\b|\b401\b|Unauthorized",
     "remote refused access",
     "The remote answered 401/403: the credentials are valid but lack permission, or the endpoint needs another addressing style.",
     "Grant the bucket permissions DVC needs (ListBucket, GetObject, PutObject) or fix endpointurl / addressing style for an S3-compatible service."),
    (r"Not Found|\(404\)|\b404\b|NoSuchBucket|does not exist",
     "remote bucket or path not found",
     "The remote answered 404: the bucket, container or endpoint in .dvc/config is wrong.",
     "Correct the remote url (and endpointurl) with dvc remote modify <remote> url s3://<bucket>/<path>."),
    (r"Channel closed|Connection reset|Connection refused|timed out|ConnectionError|ssh",
     "remote connection dropped",
     "The connection to the remote closed or failed (ssh SFTP channel, network, proxy).",
     "Check the server with sftp/ssh by hand and retry with fewer jobs (-j 1)."),
    (r"requires 'dvc-|is supported, but requires",
     "remote plugin missing",
     "The remote's dvc-<remote> plugin is not installed or does not load with this fsspec/DVC.",
     "pip install -U 'dvc[<remote>]' so DVC and the plugin match."),
    (r"'NoneType' object has no attribute|read length must be positive|object is not subscriptable",
     "likely a DVC bug",
     "The message is internal to DVC, not about your data or remote.",
     "Upgrade DVC and its remote plugin; if it persists, report the dvc -v traceback upstream."),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or "").strip()
    if not detail:
        return Explanation(
            text="DVC printed 'unexpected error' without the exception text; the -v traceback below it ends with the real exception.",
            fix=("Read the last line of the traceback (or rerun with -v) and act on that exception.",),
            derived={"cause": "see traceback"},
        )
    for rx, cause, text, fix in _GROUPS:
        if re.search(rx, detail, re.IGNORECASE):
            return Explanation(text=f"{text} (DVC said: {detail})", fix=(fix,), derived={"cause": cause})
    return Explanation(
        text=f"DVC passed through an exception it has no message for: {detail}",
        fix=("Rerun with -v; the traceback's last line names the library that raised it.",),
        derived={"cause": "unclassified"},
    )
