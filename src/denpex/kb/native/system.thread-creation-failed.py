"""Computed diagnosis for system.thread-creation-failed: how many threads were asked for vs the process/thread limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    idx, count = facts.get("thread_index"), facts.get("thread_count")
    cur, mx = facts.get("nproc_current"), facts.get("nproc_max")
    lib = facts.get("library") or "a native thread pool"
    derived: dict[str, Any] = {}
    thread_name = facts.get("thread_name")
    ret = facts.get("pthread_ret")
    if thread_name:
        lib = f"The TensorFlow/XLA thread pool ({thread_name})"
        derived["library"] = lib
        if ret is not None and int(ret) == 1:
            # pthread_create returned EPERM: not a limit, a refusal (seccomp without clone3 under an old Docker)
            derived["errno"] = "EPERM"
            text = (f"{lib} could not start a thread: pthread_create returned 1 (EPERM, Operation not permitted), not EAGAIN - "
                    "so no thread limit was hit; the kernel refused the call. Inside a container this is the default seccomp "
                    "profile of an older Docker/runc (before Docker 20.10.10) that does not allow clone3, which the newer glibc of "
                    "the image (Ubuntu 22.04+) uses to create every thread.")
            fix = ("Upgrade Docker (>= 20.10.10) / runc / libseccomp on the host; as a stopgap run the container with "
                   "--security-opt seccomp=unconfined.",
                   "Check it is the container: the same command on the host, or docker run --security-opt seccomp=unconfined, works.")
            return Explanation(text=text, fix=fix, derived=derived)
        if ret is not None:
            derived["errno"] = "EAGAIN" if int(ret) == 11 else str(ret)
    elif not facts.get("library"):
        derived["library"] = "A C++ std::thread"
    parts: list[str] = []
    fix: list[str] = []
    parts.append(f"{lib} could not start a new thread: pthread_create returned EAGAIN (Resource temporarily unavailable). "
                 "The process hit a limit on threads/processes (ulimit -u / RLIMIT_NPROC, a container or cgroup pids.max, Slurm/Kubernetes task limits) "
                 "or, less often, ran out of memory for thread stacks.")
    if count is not None:
        derived["threads_requested"] = count
        started = f" (it got as far as thread {int(idx) - 1})" if idx is not None else ""
        parts.append(f"It wanted {count} threads{started}: a pool sized to every core of the node, multiplied by every process "
                     "(DataLoader workers, torchrun ranks, joblib/multiprocessing children) that loads the same library.")
        fix.append(f"Cap the pool size per process: export OMP_NUM_THREADS=<cores / processes> OPENBLAS_NUM_THREADS=<same> MKL_NUM_THREADS=<same> (the pool asked for {count}).")
    else:
        fix.append("Cap native thread pools per process: export OMP_NUM_THREADS=<cores / processes> (and OPENBLAS_NUM_THREADS, MKL_NUM_THREADS); torch.set_num_threads(n) in each worker.")
    if cur is not None:
        if int(cur) < 0:
            parts.append("RLIMIT_NPROC is unlimited (-1), so the limit is elsewhere: a cgroup pids.max (Docker --pids-limit, Kubernetes pod pid limit, systemd TasksMax) or memory for thread stacks.")
            fix.append("Check the cgroup pid limit: cat /sys/fs/cgroup/pids.max (or /sys/fs/cgroup/pids/pids.max) and the current count in pids.current; raise docker --pids-limit / TasksMax.")
        else:
            derived["nproc_limit"] = cur
            parts.append(f"RLIMIT_NPROC (ulimit -u) is {cur}" + (f" (hard max {mx})" if mx is not None else "") + ": it counts every thread of every process of this user on the node.")
            if mx is not None and int(mx) > int(cur):
                fix.append(f"Raise the soft limit up to the hard one before starting: ulimit -u {mx} (or in /etc/security/limits.conf).")
    fix.append("Count what is running: ps -eLf -u $USER | wc -l (threads of this user) vs ulimit -u; fewer DataLoader workers or ranks per node also helps.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
