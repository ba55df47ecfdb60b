"""Computed diagnosis for mosaicml.streaming-download-failed: which file and which store."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    remote = facts.get("remote")
    if not remote:
        return None
    remote = str(remote).rstrip("'\",)")
    scheme = remote.split("://", 1)[0] if "://" in remote else "local"
    base = remote.rsplit("/", 1)[-1]
    if base == "index.json":
        kind = "index"
        what = ("the dataset index: the remote/split path (or read access to it) is wrong, since no shard can be "
                "located without it")
    elif ".mds" in base:
        kind = "shard"
        what = ("a shard listed in index.json: the index was found, so the path is right; this shard is missing, "
                "unreadable or the network failed")
    else:
        kind = "other"
        what = "a dataset file"
    prefix = remote.rsplit("/", 1)[0]
    text = f"Streaming failed to fetch {remote} ({what})."
    fix = [f"Check it with the job's credentials: {'aws s3 ls' if scheme == 's3' else 'gsutil ls' if scheme == 'gs' else 'ls'} {prefix}/"]
    if scheme == "s3":
        fix.append("For MinIO/R2/Ceph export S3_ENDPOINT_URL in the job; for requester-pays buckets set MOSAICML_STREAMING_AWS_REQUESTER_PAYS=<bucket>.")
    return Explanation(text=text, fix=tuple(fix), derived={"file_kind": kind, "scheme": scheme})
