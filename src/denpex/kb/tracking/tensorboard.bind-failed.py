"""Computed diagnosis for tensorboard.bind-failed: which bind problem and the command that avoids it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    port = facts.get("port")
    host = str(facts.get("host") or "")
    pid = facts.get("pid")
    logdir = facts.get("logdir")
    derived: dict[str, Any] = {}
    if host.strip("[]").startswith("::") or host.count(":") >= 2:
        derived["where"] = f" to the IPv6 wildcard '{host}'"
        derived["problem"] = "IPv6 is not available on this machine (use --host 0.0.0.0 instead of --bind_all)"
        return Explanation(
            text=f"TensorBoard asked for the IPv6 wildcard address {host} (what --bind_all uses), but this machine or container has IPv6 disabled.",
            fix=("tensorboard --logdir <dir> --host 0.0.0.0 --port 6006 (all IPv4 interfaces), or --host localhost with an SSH tunnel: ssh -L 6006:localhost:6006 <node>.",),
            derived=derived,
        )
    if host:
        derived["where"] = f" to {host}"
        derived["problem"] = f"{host} is not an address of this machine"
        return Explanation(
            text=f"{host} is not assigned to any interface of this machine (a public IP behind NAT, or a hostname that resolves elsewhere).",
            fix=("Bind to 0.0.0.0 (or an address from `ip -brief addr`) and connect through the public address from outside.",),
            derived=derived,
        )
    if port is not None and facts.get("scan"):
        derived["where"] = f" to any port around {port}"
        derived["problem"] = "every port it tried is taken"
        return Explanation(
            text=f"TensorBoard scanned ports upward from {port} and found none free: many TensorBoard instances are still running (old notebook cells, other users).",
            fix=("List and stop old instances: ps -ef | grep [t]ensorboard (or notebook.list()), then start again; or pick a free port explicitly with --port 0.",),
            derived=derived,
        )
    if port is not None:
        derived["where"] = f" to port {port}"
        if pid is not None:
            derived["problem"] = f"already in use by TensorBoard pid {pid}" + (f" (logdir {logdir})" if logdir else "")
            text = f"Port {port} is held by an earlier TensorBoard (pid {pid}" + (f", logdir {logdir}" if logdir else "") + "), typically from a previous notebook cell."
            fix = (f"kill {pid}, then start again; or use another port: --port {int(port) + 1}.",)
        else:
            derived["problem"] = "the port is already in use"
            text = f"Another process already listens on port {port}: an earlier TensorBoard or another service (on shared nodes, possibly another user's)."
            fix = (f"Find it: lsof -nP -iTCP:{port} -sTCP:LISTEN; stop it, or start on another port: tensorboard --logdir <dir> --port {int(port) + 1} (or --port 0).",)
        return Explanation(text=text, fix=fix, derived=derived)
    return None
