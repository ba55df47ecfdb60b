"""Computed diagnosis for system.pid-limit: which limit (cgroup, user, memory) from the message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cg, have, errno = facts.get("cgroup"), facts.get("have_threads"), facts.get("errno")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if errno is not None and int(errno) == 12:
        derived["limit_kind"] = "thread stack could not be allocated (ENOMEM)"
        parts.append(f"The Go runtime could not start an OS thread (it had {have}) with errno 12 (ENOMEM): memory for the thread's stack was refused - a memory cgroup limit, overcommit settings or vm.max_map_count - not the pid limit.")
        fix.append("Check the container's memory limit and usage (cat /sys/fs/cgroup/memory.max memory.current), vm.overcommit_memory and vm.max_map_count.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if cg:
        c = str(cg)
        if "kubepods" in c:
            where = "a Kubernetes pod (podPidsLimit on the kubelet)"
            fix.append("Raise the kubelet's podPidsLimit (or ask the cluster admins) and/or cap threads per process; check pids.current in the pod.")
        elif "docker" in c or "libpod" in c or "containerd" in c:
            where = "a container (--pids-limit)"
            fix.append("Start the container with a larger --pids-limit (or -1 for none) and cap threads per process.")
        elif "slurm" in c:
            where = "a Slurm job cgroup"
            fix.append("Ask for a higher task limit in Slurm's cgroup configuration, or use fewer workers/threads per task.")
        elif ".service" in c or ".scope" in c or "user.slice" in c:
            where = "a systemd unit (TasksMax)"
            fix.append("Raise TasksMax for that unit/slice (systemctl set-property <unit> TasksMax=infinity or UserTasksMax in logind.conf).")
        else:
            where = f"cgroup {c}"
            fix.append("Raise pids.max of that cgroup (where it is configured) and cap threads per process.")
        derived["limit_kind"] = f"pids.max of {where}"
        parts.append(f"The kernel refused a fork because the pids controller limit of {c} was reached: the limit belongs to {where}, not to ulimit.")
    elif have is not None:
        derived["limit_kind"] = "per-user or cgroup task limit (EAGAIN)"
        parts.append(f"The Go runtime could not start another OS thread although this process had only {have}: the slots are held by other processes of the same user (RLIMIT_NPROC counts them all) or of the same container (pids.max).")
        fix.append("Count what holds them: ps -u $USER -L --no-headers | wc -l and cat /sys/fs/cgroup/pids.current; then kill leftovers or raise ulimit -u / the pids limit.")
    else:
        derived["limit_kind"] = "no free process/thread slots (EAGAIN)"
        parts.append("New processes (and threads) cannot be created: the per-user limit (ulimit -u) or the container/cgroup pids limit is exhausted. Even the shell fails to run commands.")
        fix.append("From a shell that still works use builtins: kill the leftovers (kill %1, or pkill from another session); then check ulimit -u and /sys/fs/cgroup/pids.max.")
    fix.append("Cap thread pools per process (OMP_NUM_THREADS, OPENBLAS_NUM_THREADS, MKL_NUM_THREADS; torch.set_num_threads(1) in DataLoader workers) and use fewer workers.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
