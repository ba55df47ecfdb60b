"""Computed diagnosis for openmpi.btl-unreachable: which hosts, which BTLs, which interface value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "invalid-if-include":
        param = str(facts.get("if_param") or "btl_tcp_if_include")
        value = str(facts.get("if_value") or "")
        msg = str(facts.get("if_message") or "").strip()
        text = (f"Open MPI ignored {param}={value or '?'}" + (f" ({msg})" if msg else "") +
                ": on that host the value names no usable interface, so TCP may have nothing left to reach other nodes.")
        fix = (f"Use a value valid on every node: a subnet such as --mca {param} 10.0.0.0/24 instead of the name {value or '<iface>'}",
               "check `ip -o -4 addr` on each node for the interface that joins them")
        return Explanation(text=text, fix=fix, derived={})
    h1 = str(facts.get("host1") or "")
    h2 = str(facts.get("host2") or "")
    btls = str(facts.get("btls") or "").strip()
    parts = []
    if h1 and h2:
        parts.append(f"No transport connects {h1} and {h2}" + (" (same host: a local transport is missing)." if h1 == h2 else "."))
    names = set(btls.replace(",", " ").split())
    fix = []
    if btls:
        parts.append(f"BTLs tried: {btls}.")
        if "tcp" not in names and h1 != h2:
            parts.append("tcp was not among them, and only tcp (or an RDMA transport) crosses nodes.")
            fix.append("Add tcp to the BTL list: --mca btl self,vader,tcp (or remove the --mca btl restriction).")
        elif "tcp" in names:
            parts.append("tcp was tried but found no interface on a shared subnet between the two hosts.")
            fix.append("Select the interface by subnet on all nodes: --mca btl_tcp_if_include <cidr> (e.g. 10.0.0.0/24).")
    if not parts:
        return None
    fix.append("Or use UCX for inter-node traffic: --mca pml ucx.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={})
