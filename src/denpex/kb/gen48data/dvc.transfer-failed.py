"""Computed diagnosis for dvc.transfer-failed: classify the per-object cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HTTP = re.compile(r"\b(4\d\d|5\d\d)\b")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cause = str(facts.get("cause") or "")
    obj = str(facts.get("object") or "")
    direction = str(facts.get("direction") or "transfer")
    count = facts.get("failed_count")
    if facts.get("_signature") == "summary-count":
        n = f"{count} file{'s' if count != 1 else ''}" if isinstance(count, int) else "some files"
        return Explanation(
            text=(f"{n} failed to {direction}. This line only counts failures; the reason is on the per-object "
                  "'failed to transfer/upload/download ...' lines printed before it (or with -v)."),
            fix=("Rerun with -v and read the per-object error; dvc status -c shows what is missing where.",
                 "After fixing the cause, rerun the same command: only the missing objects are copied."),
            derived={"what": f"{n} failed to {direction}"},
        )
    if not obj:
        return None
    low = cause.lower()
    m = _HTTP.search(cause)
    if "errno 2" in low or "no such file" in low:
        what = f"object {obj} is missing at the source"
        text = (f"DVC could not {direction} {obj}: the source file does not exist. On push, the object is referenced by a "
                ".dvc/dvc.lock file but is not in the local cache (data added or produced on another machine, cache cleaned "
                "by dvc gc, outputs never committed).")
        fix = ("Run dvc status -c; commit the outputs (dvc commit / dvc repro) on the machine that has the data and push from there.",)
    elif "errno 1" in low or "errno 13" in low or "not permitted" in low or "permission denied" in low:
        what = f"destination refused the write/chmod for {obj}"
        text = (f"The destination refused the operation ({cause.strip()[:120]}): DVC writes a temporary file, renames it and "
                "makes it read-only; SMB/CIFS shares, WSL /mnt drives and some NFS exports reject that chmod.")
        fix = ("Put the remote/cache on a native file system or mount it with permissions that allow chmod (uid/gid, noperm), "
               "or use an object-store remote.",)
    elif "no space" in low or "disk is full" in low or "errno 28" in low:
        what = "disk full"
        text = "The destination disk is full."
        fix = ("Free space on the remote/cache (dvc gc -w -c with care) or move the cache (dvc cache dir).",)
    elif m:
        code = m.group(1)
        what = f"remote answered HTTP {code}"
        text = (f"The HTTP/WebDAV/cloud remote rejected the request with {code} ({cause.strip()[:120]}): credentials, "
                "permissions or the service's size/request limits.")
        fix = ("Check dvc remote modify <remote> auth/user/password (or the cloud credentials) and the service's file size limit; "
               "retry with -j 1 to see which object fails.",)
    else:
        what = f"{direction} of {obj} failed"
        text = f"DVC could not {direction} {obj}: {cause.strip()[:200]}."
        fix = ("Rerun with -v for the traceback of this object and fix that cause; then rerun the command.",)
    return Explanation(text=text, fix=fix, derived={"what": what})
