"""Computed diagnosis for onnxruntime.thread-affinity-failed: fatal or logged, which CPU, what to set."""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _errno_name(code: Any) -> str | None:
    if not isinstance(code, int) or code <= 0:
        return None
    name = errno.errorcode.get(code)
    return f"{name} ({os.strerror(code)})" if name else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    code = facts.get("error_code")
    ename = _errno_name(code)
    mask = str(facts.get("mask") or "").strip().rstrip(",").strip()
    cpus = [c.strip() for c in mask.split(",") if c.strip().isdigit()]
    index = facts.get("index")
    fix = [
        "so = onnxruntime.SessionOptions(); so.intra_op_num_threads = len(os.sched_getaffinity(0)); so.inter_op_num_threads = 1  # explicit counts: no pinning",
        "Or let the container use the CPUs it sees (drop --cpuset-cpus / list every core in lxc.cgroup2.cpuset.cpus).",
    ]
    if sig == "thread-main-logged":
        where = f"logical CPU {', '.join(cpus)}" if cpus else "its planned CPU"
        who = f"worker {index}" if isinstance(index, int) else "a worker"
        what = f"{who} -> {where}: {ename or f'error {code}'}; logged, threads run unpinned"
        text = (f"ONNX Runtime tried to bind {who} of its thread pool to {where} and the kernel refused"
                + (f" with {ename}" if ename else "") + ". "
                "The process may not run on that CPU (container/LXC cpuset or Kubernetes CPU pinning) while ORT planned the pool "
                "from the host's topology. This release only logs it: inference continues on unpinned threads, so the real failure, "
                "if any, is elsewhere in the log.")
        if isinstance(index, int) and cpus and cpus[0].isdigit() and int(cpus[0]) == index + 1:
            text += f" (ORT binds worker i to CPU i+1: CPU {cpus[0]} being refused means the container has at most {cpus[0]} usable CPU(s) below it.)"
        return Explanation(text=text, fix=tuple(fix), derived={"what": what})
    if isinstance(code, int) and code == 0:
        detail = "error code 0 (ORT 1.10 reports no errno here)"
    elif ename:
        detail = ename
    else:
        detail = "no error code in this ORT version"
    what = f"InferenceSession creation failed: thread pool pinning refused ({detail})"
    text = ("Creating the InferenceSession failed because ONNX Runtime 1.8-1.10 treats a refused thread pinning as fatal: "
            f"it sized and pinned its pool from the host CPUs, but this process may only run on a subset ({detail}). "
            "Typical in Docker with --cpuset-cpus, LXC guests and pods with pinned CPUs.")
    fix.append("pip install -U onnxruntime  # later releases only log this and continue")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
