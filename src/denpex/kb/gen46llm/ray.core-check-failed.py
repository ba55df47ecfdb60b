"""Computed diagnosis for ray.core-check-failed: which Ray process aborted and what the failed condition usually means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring of the condition or file, meaning, fix)
_KNOWN = (
    ("objects_valid", "the task finished but Ray could not store all of its return values: a return object was not written (the object store could not take it - full, spilling failing, /dev/shm too small) or the task ended with a BaseException such as KeyboardInterrupt that Ray does not turn into a task error",
     "Check object-store memory and /dev/shm (docker --shm-size), return smaller results, do not let tasks end with BaseException/KeyboardInterrupt; upgrade Ray (newer releases name the missing return index)."),
    ("core_worker_process", "a Ray API was called in a process whose core worker is not initialised or already shut down (after ray.shutdown(), in __del__/atexit, or from a foreign thread)",
     "Do not call Ray APIs after ray.shutdown() or from threads created outside Ray; keep the calls inside the task/actor lifetime."),
    ("sched_cls_id_", "a scheduling-class bug in Ray 2.2",
     "Upgrade Ray (fixed after 2.2; see ray #31398)."),
    ("ReturnBundle", "a placement-group bundle bookkeeping bug in the raylet",
     "Upgrade Ray; avoid removing placement groups while their tasks are still being scheduled."),
    ("Broken pipe", "the connection to the plasma object store broke: the store/raylet died (OOM, /dev/shm full in a container)",
     "Increase --shm-size (Docker) or lower object_store_memory, and check raylet.out for the store's death."),
    ("_left_ != _right_", "an internal consistency check in the raylet's worker-client pool",
     "Upgrade Ray; collect raylet.out for the report."),
)


def _component(tag: str, source_file: str) -> str:
    if tag:
        return {"raylet": "the raylet (node manager)", "gcs_server": "the GCS server"}.get(tag, tag)
    if source_file.startswith(("node_manager", "placement_group", "local_task_manager", "worker_pool", "raylet")):
        return "the raylet (node manager)"
    if source_file.startswith("gcs"):
        return "the GCS server"
    return "a Ray worker process (core worker)"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cond = str(facts.get("condition") or "").strip()
    src = str(facts.get("source_file") or "")
    line = facts.get("source_line")
    if not cond and not src:
        return None
    who = _component(str(facts.get("component") or ""), src)
    parts = [f"{who[0].upper()}{who[1:]} aborted on a RAY_CHECK in {src}:{line}: '{cond}' was false."]
    fix: list[str] = []
    meaning = ""
    for key, what, todo in _KNOWN:
        if key in cond or key in src:
            meaning = what
            fix.append(todo)
            break
    if meaning:
        parts.append(f"This check usually means {meaning}.")
        diagnosis = f"{src}: {meaning.split(':')[0]}"
    else:
        parts.append("An internal invariant broke: look for the first failure before this line (OOM kill, node loss, shm full) and check whether your Ray version has a fix.")
        fix.append("Search the Ray issues for the exact 'file.cc:line: Check failed: condition' and upgrade Ray if a fix exists.")
        diagnosis = f"Ray internal check in {src}"
    if "raylet" in who:
        parts.append("The raylet aborting takes down every worker on that node.")
    fix.append("Keep /tmp/ray/session_latest/logs (raylet.out, worker-*.err) to see what happened first.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"diagnosis": diagnosis})
