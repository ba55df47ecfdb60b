"""Computed diagnosis for system.bus-error: full /dev/shm vs a mapped file vs an unaligned access, from what the log shows nearby."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    shm, mm, arch = facts.get("shm_clue"), facts.get("mmap_clue"), facts.get("arch_clue")
    sig, pid, rank = facts.get("signal_num"), facts.get("pid"), facts.get("failed_local_rank")
    derived: dict[str, Any] = {}
    who = f"Local rank {rank}" if rank is not None else (f"Process {pid}" if pid is not None else "The process")
    parts: list[str] = [f"{who} was killed by SIGBUS: it touched a mapped address the kernel could not back with a page."]
    fix: list[str] = []
    if sig is not None and int(sig) == 10:
        parts.append("Signal 10 is SIGBUS on macOS (exit 138); there it is usually a memory-mapped file that shrank or a stack overflow in native code.")
    if shm:
        derived["bus_error_kind"] = "shared memory (/dev/shm) exhausted"
        parts.append(f"The log mentions '{shm}' just before: tensors shared between processes live in /dev/shm (tmpfs), whose pages are only allocated when written, so a full /dev/shm surfaces as SIGBUS instead of 'No space left on device'.")
        fix.append("Enlarge /dev/shm: docker run --shm-size=16g (or --ipc=host); Kubernetes: an emptyDir with medium: Memory mounted at /dev/shm. Check with df -h /dev/shm.")
        fix.append("Or put less through it: fewer DataLoader workers, smaller prefetch_factor/batch, or torch.multiprocessing.set_sharing_strategy('file_system').")
    elif mm:
        derived["bus_error_kind"] = "memory-mapped file could not be paged in"
        parts.append(f"The log shows '{mm}' just before: weights or data were being read through a memory map, and a page of that file could not be supplied - the file is shorter than expected (truncated or still downloading, overwritten while mapped) or it lives on a network filesystem (NFS/Lustre/GPFS/FUSE) that failed the page fault.")
        fix.append("Verify the files: compare sizes/sha256 with the source, delete and re-download incomplete shards (huggingface-cli download --force-download / scan-cache).")
        fix.append("Copy the checkpoint to local disk (NVMe) before loading, especially with many ranks per node, or load without mmap (read into RAM).")
    elif arch:
        derived["bus_error_kind"] = "unaligned memory access on ARM"
        parts.append(f"The log mentions '{arch}': on ARM an unaligned load/store in native code (a model parser, a custom op) raises SIGBUS where x86 would tolerate it.")
        fix.append("Get the faulting frame (gdb -ex run -ex bt) and upgrade or rebuild that library with alignment fixes; report the frame upstream.")
    else:
        derived["bus_error_kind"] = "mapped page could not be backed"
        parts.append("Nothing nearby says which mapping failed; the usual causes are, in order: a full /dev/shm in a container (DataLoader workers, torch.multiprocessing), a memory-mapped checkpoint that is truncated or on a network filesystem, and on ARM an unaligned access.")
        fix.append("Check df -h /dev/shm inside the container and raise --shm-size if it is 64M or full.")
        fix.append("Check the sizes/checksums of the files being loaded and copy them to local disk; rerun with PYTHONFAULTHANDLER=1 to see whether a loader or a worker faulted.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
