"""Computed diagnosis for skypilot.cluster-not-up: what the status means and the command to run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = str(facts.get("status") or "").upper()
    cluster = str(facts.get("cluster") or "")
    if not status or not cluster:
        return None
    op = str(facts.get("operation") or "the operation")
    if status == "INIT":
        text = (f"'{op}' was skipped because cluster {cluster} is INIT: it is still being provisioned/set up, or SkyPilot's "
                "last refresh found it abnormal (a node or pod not running, the runtime on the head node not answering).")
        fix = (f"sky status -r {cluster}  # refresh; wait for UP if a launch/start is still running",
               f"sky start -f {cluster}  # force the runtime to be restarted if it stays INIT",
               f"If setup keeps failing: read the provision log, fix it, then sky down {cluster} and launch again.")
        diag = "cluster initializing or abnormal"
    elif status == "STOPPED":
        text = f"'{op}' was skipped because cluster {cluster} is STOPPED (sky stop or autostop)."
        fix = (f"sky start {cluster}  # then re-run the command",
               f"sky autostop {cluster} --cancel  # if autostop stopped it between your commands")
        diag = "cluster stopped"
    else:
        text = f"'{op}' was skipped because cluster {cluster} is {status}, and the operation needs an UP cluster."
        fix = (f"sky status -r {cluster}  # wait until it is UP, or sky start {cluster}",)
        diag = f"cluster {status.lower()}"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
