"""Computed diagnosis for modelscope.file-integrity-check-failed: empty file vs partial file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("file_path") or "")
    if not path:
        return None
    actual = str(facts.get("actual_sha256") or "").lower()
    name = path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    temp_dir = ""
    norm = path.replace("\\", "/")
    for marker in ("/._____temp/", "/temp/tmp"):
        i = norm.find(marker)
        if i >= 0:
            rest = norm[i + len(marker):]
            temp_dir = norm[: i + len(marker)] + (rest.split("/", 1)[0] if marker.endswith("tmp") else "")
            break
    if actual == EMPTY_SHA256:
        diagnosis = "downloaded file is empty (0 bytes)"
        text = (f"The sha256 of {name} is the hash of zero bytes: the download wrote nothing. "
                "Retrying the same way will fail again: the request is blocked or the file cannot be written.")
        fix = ("Check free space and write permission of the cache/local_dir, and whether a proxy or firewall blocks the ModelScope CDN.",)
    elif actual:
        diagnosis = "downloaded bytes differ from the published file"
        text = (f"{name} was downloaded but its content differs from the published file "
                "(truncated transfer, a stale partial file resumed, or a proxy changing the body).")
        fix = ()
    else:
        diagnosis = "download incomplete (hashes not printed by this modelscope version)"
        text = f"{name} failed the sha256 check after download."
        fix = ()
    if temp_dir:
        fix = fix + (f"Delete the temp folder {temp_dir} before retrying so the file is fetched from byte 0.",)
    fix = fix + ("Retry the single file: modelscope download --model <id> --include " + name,)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
