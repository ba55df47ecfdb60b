"""Computed diagnosis for colossalai.launch-failed: which host, local or remote, and the command to rerun."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    host = str(facts.get("host") or "")
    cmd = str(facts.get("command") or "")
    local = str(facts.get("localhost") or "")
    exc = str(facts.get("exception") or "")
    if not host:
        return None
    is_local = local == "True" or host in ("127.0.0.1", "localhost")
    parts = [f"colossalai run started torchrun on {host} ({'this machine' if is_local else 'a remote host over SSH'}) and it exited with an error"
             + (f" ({exc})" if exc else "") + ". The launcher line carries no cause."]
    fix = ["Look above this line for the first rank Traceback / CUDA / NCCL error and fix that."]
    if cmd:
        short = cmd if len(cmd) <= 300 else cmd[:300] + " ..."
        fix.append(f"If no rank error is printed, run the command directly to see it: {short}")
    if not is_local:
        fix.append(f"Check the remote host: ssh {host} works without a password, and the same Python environment, working directory and data paths exist there.")
    return Explanation(text=" ".join(parts), fix=tuple(fix))
