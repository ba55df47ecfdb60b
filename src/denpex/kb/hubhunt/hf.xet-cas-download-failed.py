"""Computed diagnosis for hf.xet-cas-download-failed: classify the CAS error, compute missing bytes."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _mib(n: int) -> str:
    return f"{n / 1048576:.1f} MiB"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("cas_error") or "")
    if not err:
        return None
    derived: dict[str, Any] = {}
    m = re.search(r"data length (\d+) did not match expected value (\d+)", err)
    r = re.search(r"failed after (\d+) retries", err)
    if m:
        got, want = int(m.group(1)), int(m.group(2))
        derived["diagnosis"] = "truncated Xet chunk"
        derived["missing_bytes"] = want - got
        text = (f"A chunk range arrived with {got} bytes instead of {want} ({_mib(abs(want - got))} "
                f"{'short' if got < want else 'too long'}): the body was cut or rewritten on the way (proxy), "
                "or a stale local chunk cache was reused.")
        fix = ("Delete ~/.cache/huggingface/xet (or $HF_XET_CACHE), upgrade hf_xet, and retry.",
               "If it repeats, set HF_HUB_DISABLE_XET=1 to download over plain HTTP.")
    elif r or "ReqwestMiddleware" in err or "single flight" in err:
        n = r.group(1) if r else None
        derived["diagnosis"] = "Xet CAS hosts unreachable"
        if n:
            derived["retries"] = int(n)
        text = ("hf_xet could not reach the CAS service" + (f" after {n} retries" if n else "") +
                ": the network reaches huggingface.co but not (reliably) cas-server/cas-bridge.xethub.hf.co "
                "(firewall/proxy allow-list, TLS interception, unstable link).")
        fix = ("Allow https://cas-server.xethub.hf.co and https://cas-bridge.xethub.hf.co, or set HF_HUB_DISABLE_XET=1.",)
    elif "429" in err or "Too Many Requests" in err:
        derived["diagnosis"] = "rate limited by the CAS service"
        text = "The CAS service answered 429 Too Many Requests."
        fix = ("Log in (HF_TOKEN) and lower the number of parallel downloads (max_workers), then retry later.",)
    else:
        derived["diagnosis"] = "hf_xet CAS error"
        text = f"hf_xet failed with: {err[:200]}"
        fix = ("Retry with HF_HUB_DISABLE_XET=1 to use plain HTTP; upgrade hf_xet if it persists.",)
    return Explanation(text=text, fix=fix, derived=derived)
