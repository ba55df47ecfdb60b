"""Computed diagnosis for ray.actor-died: read Ray's exit type/detail and say where the death cause is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _cause(detail: str, exit_type: str) -> tuple[str, str]:
    """(short cause, sentence) from Ray's 'Worker exit detail'."""
    d = detail.lower()
    if "running low on memory" in d:
        return "killed by Ray's memory monitor", "Ray's memory monitor killed it because the node ran low on memory (the usage and threshold are printed with it)."
    if "k8s pod memory limits" in d:
        return "SIGTERM on Kubernetes (likely pod memory limit)", "It received SIGTERM on Kubernetes; Ray adds 'may have exceeded K8s pod memory limits' because a pod at its limit is the usual reason - check the pod's Last State for OOMKilled."
    if "connection error code 2" in d or "end of file" in d:
        return "killed or crashed (socket closed)", "The raylet lost the worker's socket without an orderly exit: the process was SIGKILLed (kernel/cgroup OOM killer, ray stop --force) or crashed in native code (SIGSEGV, abort)."
    if "sys.exit is called" in d or "systemexit" in d:
        return "sys.exit called in the worker", "Code inside the worker called sys.exit; whatever it printed just before is in the worker's output."
    if "exit_actor" in d or "ray.kill" in d or exit_type == "INTENDED_USER_EXIT":
        return "intentionally killed", "The actor was stopped on purpose (ray.kill or exit_actor), so calls made afterwards fail."
    if "crashed during start" in d:
        return "crashed while starting", "The worker process exited before it registered with the raylet, so it never ran Python code that could print an error: an import error or broken environment in the worker (runtime_env, PYTHONPATH, a native library), or a crash at start-up. Its own .err/.out file under /tmp/ray/session_latest/logs/ says which."
    if "hanging during start" in d:
        return "hanging while starting", "The worker process is alive but did not register in time: a slow import or environment setup (runtime_env, a large working_dir) or an overloaded node; raise worker_register_timeout_seconds or make start-up lighter."
    if exit_type == "USER_ERROR":
        return "exception in the actor's constructor", "The actor's creation task raised; the exception is printed as a RayTaskError for its __init__."
    return exit_type or "died", ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pid, ip = facts.get("pid"), facts.get("ip")
    exit_type = str(facts.get("exit_type") or "")
    detail = str(facts.get("exit_detail") or "")
    node_death = facts.get("node_death")
    who = f"The Ray {'actor ' + str(facts['class_name']) if facts.get('class_name') else 'worker'}"
    if pid is not None:
        who += f" (pid {pid}" + (f" on {ip}" if ip else "") + ")"
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if node_death or (facts.get("node_id") and not detail and not exit_type):
        nd = str(facts.get("node_death_detail") or "")
        short = f"its node was {node_death}" if node_death else "its node died"
        derived["exit_type"] = exit_type or "NODE_DIED"
        parts.append(f"{who} died because {short}" + (f" ({nd.strip()})." if nd else "."))
        if "heartbeat" in nd or node_death == "terminated unexpectedly":
            parts.append("The node's raylet stopped answering health checks: it crashed or was OOM-killed, the machine rebooted or was preempted, or the network dropped. Read raylet.out and dmesg on that node (see ray.raylet-died).")
        elif node_death == "preempted":
            parts.append("The node was preempted (spot/preemptible capacity): no bug in the job; use restarts and checkpoints.")
        fix.append("On the dead node: tail -n 100 /tmp/ray/session_latest/logs/raylet.out; dmesg -T | grep -iE 'killed process|out of memory' (if the machine still exists).")
        fix.append("Make the job survive node loss: actor max_restarts / max_task_retries, Ray Train FailureConfig(max_failures=N) with checkpoints.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    short, sentence = _cause(detail, exit_type)
    derived["death_cause"] = short
    if not exit_type and not detail:
        parts.append(f"{who} is gone; Ray does not say why in this line (no exit type/detail).")
    else:
        parts.append(f"{who} died: {short}." + (f" {sentence}" if sentence else ""))
    if pid is not None:
        node = f" --node-ip {ip}" if ip else ""
        where = ip or "its node"
        parts.append(
            f"The cause is on {where}: the kernel log there (an OOM kill names pid {pid}), raylet.out there, and the end of the worker's own stderr "
            f"(ray logs worker --pid {pid}{node} --err, or /tmp/ray/session_latest/logs/worker-*-{pid}.err), which holds a segfault or CUDA/NCCL abort if it crashed."
        )
        fix.append(f"On {where}: dmesg -T | grep -iE 'killed process {pid}|out of memory' ; grep -iE 'memory|{pid}' /tmp/ray/session_latest/logs/raylet.out | tail")
        fix.append(f"Read the worker's stderr: ray logs worker --pid {pid}{node} --err --tail 200")
    else:
        fix.append("Find the dead worker's pid/ip in the '(raylet) A worker died or was killed ...' line or with ray list actors --filter state=DEAD --detail, then read its .err log and the node's dmesg.")
    if "memory" in short or "killed or crashed" in short:
        fix.append("If it was an OOM kill: request memory per actor (options(memory=...)), lower per-worker memory use (batch size, dataset blocks, object store pressure), or use larger nodes / pod limits.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
