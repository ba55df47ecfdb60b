"""Computed diagnosis for storage.filelock-timeout: which cache the lock belongs to, and the way out."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HUB = re.compile(r"/\.locks/(?P<kind>models|datasets|spaces)--(?P<repo>[^/]+)/")
_NETWORK_HINTS = ("/nfs", "/mnt/", "/shared", "/lustre", "/gpfs", "/scratch", "/dbfs", "/efs", "/fsx", "/beegfs")


def _cache(lock: str) -> tuple[str, str, tuple[str, ...]]:
    low = lock.lower()
    m = _HUB.search(lock)
    if m:
        repo = m.group("repo").replace("--", "/")
        kind = m.group("kind")[:-1]
        return (f"the Hugging Face hub cache entry of {kind} {repo}", f"hub:{repo}",
                (f"huggingface-cli download {'--repo-type ' + kind + ' ' if kind != 'model' else ''}{repo}  # once, before launching ranks; then HF_HUB_OFFLINE=1",))
    if "/huggingface/datasets" in low or "datasets_cache" in low or "_datasets" in low:
        return ("the Hugging Face datasets cache", "datasets", ("Prepare the dataset once (a single process, or main_process_first) before the other ranks load it",))
    if "/huggingface/metrics" in low or "/evaluate" in low or "/metrics/" in low:
        return ("the datasets/evaluate metrics cache", "metrics", ("Give each run its own experiment_id / cache_dir for metrics",))
    if "/huggingface/" in low or "/transformers/" in low:
        return ("a Hugging Face cache file", "huggingface", ())
    if "triton" in low or "inductor" in low or "torch_extensions" in low:
        return ("a compiler/kernel cache (Triton / Inductor / torch extensions)", "kernel-cache",
                ("export TRITON_CACHE_DIR=/local/$USER/triton TORCHINDUCTOR_CACHE_DIR=/local/$USER/inductor  # per node",))
    if "vllm" in low:
        return ("the vLLM cache", "vllm", ())
    return ("a shared cache or output file", "other", ())


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lock = str(facts.get("lock") or "")
    elapsed = facts.get("elapsed")
    derived: dict[str, Any] = {}
    if not lock:
        derived["problem"] = "File locking unsupported on this filesystem (ENOLCK: No locks available)"
        return Explanation(
            text="flock/lockf failed with ENOLCK: the filesystem holding the cache or lock file does not support POSIX locks (NFS mounted with 'nolock' or without lockd/rpc.statd, some FUSE filesystems).",
            fix=("findmnt -T <cache dir>  # nfs with nolock? ",
                 "Move the cache to local disk: export HF_HOME=/local/$USER/hf (HF_DATASETS_CACHE likewise), or mount NFS with locking enabled"),
            derived=derived)
    what, key, extra = _cache(lock)
    derived["lock_cache"] = key
    folder = lock.rsplit("/", 1)[0] or "/"
    on_network = lock.startswith(_NETWORK_HINTS)
    waited = ""
    try:
        if elapsed is not None:
            waited = f" after {float(elapsed):.0f} s"
    except (TypeError, ValueError):
        pass
    derived["problem"] = f"Lock on {what} not acquired{waited}: {lock}"
    text = (f"{lock} guards {what}; another process held it{waited} - a sibling rank or parallel job working on the same entry, "
            "a hung holder, or a stale lock left by a crashed run.")
    if on_network:
        text += " The path looks like shared/network storage, where locks are slow and can outlive a crashed holder."
    try:
        if elapsed is not None and float(elapsed) >= 600:
            text += " Waiting this long without progress points at a hung or dead holder rather than a slow download."
    except (TypeError, ValueError):
        pass
    fix = [f"lsof {lock}; fuser -v {lock}  # on every node sharing the cache: a live holder? if none, rm {lock} and rerun",
           f"findmnt -T {folder}  # nfs/lustre/fuse -> put the cache on node-local disk (export HF_HOME=/local/$USER/hf)"]
    fix.extend(extra)
    return Explanation(text=text, fix=tuple(fix), derived=derived)
