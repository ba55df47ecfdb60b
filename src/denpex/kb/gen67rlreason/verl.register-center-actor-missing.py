"""Computed diagnosis for verl.register-center-actor-missing: what the listed actors say about rank 0."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NAME = re.compile(r"'name': '([^']+)'")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    actor = str(facts.get("actor") or "<prefix>_register_center")
    prefix = actor.split("_", 1)[0]
    existing = facts.get("existing")
    timeout = facts.get("timeout")
    fix: list[str] = []
    if existing is None:
        seen = "unknown"
        text = (f"The driver waited for '{actor}', the named actor the group's rank-0 worker creates, and it "
                "never appeared.")
    else:
        names = _NAME.findall(str(existing))
        group = [n for n in names if n.startswith(prefix) and n != actor]
        others = [n for n in names if not n.startswith("_ray_internal")]
        if group:
            seen = "workers of this group exist"
            text = (f"Ray lists actors of this worker group ({group[0]}, ...) but not '{actor}': the rank-0 "
                    "worker started and then failed or is still initialising before it registered.")
            fix.append("Read /tmp/ray/session_latest/logs/worker-*.err on the rank-0 node for the worker's own error.")
        elif not others:
            seen = "no worker of this group exists"
            text = ("Ray lists no actor of this worker group at all (only its own job actor, if any): the rank-0 "
                    "worker was never scheduled - GPUs held by an earlier run, nodes missing, or Ray local_mode.")
            fix.append("Run ray status and ray list placement-groups; restart Ray (ray stop --force on every node) "
                       "if an earlier run still holds GPUs.")
        else:
            seen = "other actors present"
            text = (f"Ray lists other actors ({others[0]}, ...) but none of this worker group: they may hold the "
                    "GPUs the group's placement group needs.")
            fix.append("Stop the leftover actors or restart the Ray cluster before starting the run.")
    if timeout:
        fix.append(f"If workers start slowly (runtime_env upload, image pull), raise "
                   f"trainer.ray_wait_register_center_timeout above {timeout}.")
    else:
        fix.append("Newer verl makes the wait configurable (trainer.ray_wait_register_center_timeout, PR #947); "
                   "upgrade if workers legitimately need longer than 120 s to start.")
    return Explanation(text=text, fix=tuple(fix), derived={"seen": seen})
