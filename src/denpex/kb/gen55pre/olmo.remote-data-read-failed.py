"""Computed diagnosis for olmo.remote-data-read-failed: what the server sent back and where the read ran."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    local_fix = "Download the .npy token files listed in data.paths to local/shared storage and point data.paths at them; restart from the latest checkpoint."
    if sig == "http-short-range":
        exp, got = facts.get("expected_bytes"), facts.get("got_bytes")
        if exp is None or got is None:
            return None
        if got < exp:
            kind = "an error or rate-limit body" if got < 2048 else "a truncated body"
            text = (f"An HTTP range read of a token file asked for {exp} bytes and got {got}: the server sent {kind} "
                    "instead of the requested range (throttling under many concurrent readers is the usual cause with https://olmo-data.org).")
            where = f"HTTP range read returned {got} of {exp} bytes"
        else:
            text = (f"An HTTP range read asked for {exp} bytes and got {got}: the server (or a proxy) ignored the Range header "
                    "and sent more than the range, so OLMo refuses the example.")
            where = f"HTTP server ignored the Range header ({got} bytes for {exp})"
        fix = (local_fix, "If the data must stay remote, lower data.num_workers / data.num_threads (OLMO_NUM_THREADS) to reduce concurrent requests.")
        return Explanation(text=text, fix=fix, derived={"where": where})
    if sig == "network-error":
        scheme = facts.get("scheme") or "the bucket"
        return Explanation(
            text=f"Ranged reads from {scheme}:// kept failing after OLMo's retries (throttling, expired credentials or network errors).",
            fix=(local_fix, f"Check {scheme} credentials and endpoint for every node, and use a bucket in the GPUs' region."),
            derived={"where": f"{scheme} ranged reads failed after retries"},
        )
    if sig == "thread-failed":
        thread = facts.get("thread") or "a data thread"
        return Explanation(
            text=(f"OLMo's background data reader ({thread}) raised and the training loop re-raised it as OLMoThreadError. The data "
                  "threads only read token files, so the real error is a failed read of data.paths (chained above this line when the "
                  "full traceback is kept); with remote paths it is almost always an HTTP/S3 range read."),
            fix=(local_fix, "Rerun with the full log (LOG_FILTER_TYPE=all_ranks) to see the chained exception if the paths are local."),
            derived={"where": f"{thread} failed"},
        )
    if sig == "http-range-frame":
        return Explanation(
            text="The failing traceback runs through OLMo's HTTP range reader (_http_get_bytes_range): an example was being read from an https:// data path when it failed.",
            fix=(local_fix,),
            derived={"where": "HTTP range read in a DataLoader worker"},
        )
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError):
        return None
