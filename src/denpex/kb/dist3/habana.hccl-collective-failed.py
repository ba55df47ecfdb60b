"""Computed diagnosis for habana.hccl-collective-failed: where the bridge raised and where HCCL's reason is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    where = facts.get("where")
    sig = facts.get("_signature")
    loc = f" ({where})" if where else ""
    if sig == "stream-sync-failed":
        text = "A synchronous HCCL collective was launched but waiting on its stream failed: the device or a peer reported an error."
    else:
        text = f"HCCL returned an error for a collective{loc}; the PyTorch bridge does not include HCCL's reason."
    fix = ("Open $HABANA_LOGS (default ~/.habana_logs) on the failing rank: hcl*.log has HCCL's message.",
           "Multi-node: check scale-out ports (manage_network_ifs.sh --status), HCCL_SOCKET_IFNAME/MASTER_ADDR, or enable HCCL_OVER_OFI for host-NIC scale-out; "
           "then run hccl_demo all_reduce across the same hosts.")
    return Explanation(text=text, fix=fix, derived={"where": where or "unknown"})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
