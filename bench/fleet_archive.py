"""A generated archive of job folders for the fleet tests and ``bench/fleet.py``: many jobs, each a
folder of rank logs on a few hosts (``DAY/job-NNNNN/gpu-node-HH/rankR.log[.gz]``), with planted
recurring failures, two bad nodes and one unlucky node.

What is planted (``plan()`` says it per job, so a test can check what the scan found):
- ``gpu-node-07`` (bad): about half of the jobs that run on it die of Xid 79 (GPU fallen off the
  bus) on one of its ranks, the other ranks then time out in NCCL (collateral);
- ``gpu-node-13`` (bad): about half of its jobs die of Xid 48 (double-bit ECC error);
- ``gpu-node-21`` (unlucky): exactly one Xid 79 in one job, a node the report must not condemn;
- on any node: CUDA out of memory (torch.cuda-oom), a shape mismatch, a ``KeyError`` in user code (python.key-error; the
  recurring groups), the rest of the jobs finish cleanly.

Jobs are spread over ``days`` days (the folder name and every file's mtime), so the failure rate
over time has a shape. Each file is padded with realistic noise (``bench/gen.py``'s lines) to
``rank_bytes``; a quarter of the jobs are gzipped.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import zlib
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

BAD_NODES = ("gpu-node-07", "gpu-node-13")
UNLUCKY_NODE = "gpu-node-21"
HOSTS = [f"gpu-node-{i:02d}" for i in range(32)]
START = datetime(2026, 3, 1, tzinfo=timezone.utc)

_NOISE = [
    "{ts} INFO trainer.py:412] step {step} | loss {loss:.4f} | lr 3.0e-04 | grad_norm {gn:.3f} | tokens/s {tps}",
    "{ts} INFO data.py:88] prefetch queue depth {q} (workers=8)",
    "{host}:{pid}:{pid} [{dev}] NCCL INFO Channel {ch:02d}/0 : {rank}[{dev}] -> {peer}[{dev}] via P2P/CUMEM/read",
    "{ts} INFO checkpoint.py:203] saved checkpoint to /ckpt/run/step_{step}.pt in {sec:.1f}s",
    "{ts} INFO memory.py:51] allocated {al:.2f} GiB reserved {rs:.2f} GiB max_allocated {al:.2f} GiB",
]


@dataclass
class JobPlan:
    name: str  # DAY/job-NNNNN
    day: int
    hosts: list[str]
    failure: str | None  # the planted failure id (None: a clean job)
    host: str | None = None  # where it starts
    rank: int | None = None
    gz: bool = False
    ranks: dict[str, list[int]] = field(default_factory=dict)


def plan(jobs: int, seed: int = 17, days: int = 14, hosts_per_job: int = 2, ranks_per_host: int = 2) -> list[JobPlan]:
    rng = random.Random(seed)
    out: list[JobPlan] = []
    unlucky_done = False
    for j in range(jobs):
        hosts = sorted(rng.sample(HOSTS, hosts_per_job))
        day = j * days // jobs
        p = JobPlan(f"2026-03-{1 + day:02d}/job-{j:05d}", day, hosts, None, gz=rng.random() < 0.25)
        p.ranks = {h: [i * ranks_per_host + k for k in range(ranks_per_host)] for i, h in enumerate(hosts)}
        r = rng.random()
        if BAD_NODES[0] in hosts and r < 0.5:
            p.failure, p.host = "nvidia.xid-fallen-off-bus", BAD_NODES[0]
        elif BAD_NODES[1] in hosts and r < 0.5:
            p.failure, p.host = "nvidia.xid-memory", BAD_NODES[1]
        elif UNLUCKY_NODE in hosts and not unlucky_done and not set(hosts) & set(BAD_NODES):
            p.failure, p.host = "nvidia.xid-fallen-off-bus", UNLUCKY_NODE
            unlucky_done = True
        else:
            r2 = rng.random()
            if r2 < 0.08:
                p.failure = "torch.cuda-oom"
            elif r2 < 0.13:
                p.failure = "torch.shape-mismatch"
            elif r2 < 0.16:
                p.failure = "python.key-error"
        if p.failure and p.host is None:
            p.host = rng.choice([h for h in hosts if h not in BAD_NODES and h != UNLUCKY_NODE] or hosts)
        if p.failure:
            p.rank = rng.choice(p.ranks[p.host])  # type: ignore[index]
        out.append(p)
    return out


def _ts(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def _failure_lines(p: JobPlan, rank: int, host: str, t: datetime) -> list[str]:
    """The planted lines of one rank: the failure on the initiating rank, NCCL timeouts on the others."""
    ts = _ts(t)
    if rank == p.rank:
        if p.failure == "nvidia.xid-fallen-off-bus":
            bus = f"0000:{0x1b + 0x20 * (rank % 4):02x}:00"
            return [f"{ts} [rank{rank}]: NVRM: Xid (PCI:{bus}): 79, pid=4242, GPU has fallen off the bus.",
                    f"{ts} [rank{rank}]: RuntimeError: CUDA error: unspecified launch failure"]
        if p.failure == "nvidia.xid-memory":
            bus = f"0000:{0x3b + 0x20 * (rank % 4):02x}:00"
            return [f"{ts} [rank{rank}]: NVRM: Xid (PCI:{bus}): 48, pid=4242, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.",
                    f"{ts} [rank{rank}]: RuntimeError: CUDA error: uncorrectable ECC error encountered"]
        if p.failure == "torch.cuda-oom":
            return [f"{ts} [rank{rank}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
                    "capacity of 79.15 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 78.08 GiB memory "
                    "in use. Of the allocated memory 75.50 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated."]
        if p.failure == "torch.shape-mismatch":
            return [f"{ts} [rank{rank}]: Traceback (most recent call last):",
                    f'{ts} [rank{rank}]:   File "/app/train.py", line 88, in forward',
                    f"{ts} [rank{rank}]:     return self.proj(x)",
                    f"{ts} [rank{rank}]: RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 16x16)"]
        if p.failure == "python.key-error":
            return [f"{ts} [rank{rank}]: Traceback (most recent call last):",
                    f'{ts} [rank{rank}]:   File "/app/data/loader.py", line 41, in collate',
                    f"{ts} [rank{rank}]:     batch = [s['input_ids'] for s in samples]",
                    f"{ts} [rank{rank}]: KeyError: 'input_ids'"]
    if p.failure in ("nvidia.xid-fallen-off-bus", "nvidia.xid-memory"):
        later = _ts(t + timedelta(minutes=10))
        return [f"{later} [rank{rank}]:[E ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation timeout: "
                "WorkNCCL(SeqNum=9120, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) ran for "
                "600012 milliseconds before timing out."]
    return []


def write_job(root: Path, p: JobPlan, rank_bytes: int, seed: int = 0) -> int:
    """Write one job's folder; returns the bytes written (compressed where gzipped)."""
    rng = random.Random(zlib.crc32(f"{p.name}/{seed}".encode()))
    job_dir = root / p.name
    t0 = START + timedelta(days=p.day, hours=rng.randrange(20))
    written = 0
    end = t0
    for host, ranks in p.ranks.items():
        for rank in ranks:
            lines: list[str] = []
            size = 0
            step = 0
            t = t0
            while size < rank_bytes:
                step += 1
                t = t0 + timedelta(seconds=step * 0.5)
                line = rng.choice(_NOISE).format(
                    ts=_ts(t), step=step, loss=rng.random() * 3, gn=rng.random() * 2, tps=rng.randrange(90000, 130000),
                    q=rng.randrange(8), host=host, pid=4000 + rank, dev=rank % 8, ch=rng.randrange(32), rank=rank,
                    peer=rng.randrange(len(p.hosts) * len(ranks)), sec=rng.random() * 30, al=rng.random() * 70,
                    rs=rng.random() * 75,
                )
                lines.append(f"[rank{rank}]: {line}" if not line.startswith(host) else line)
                size += len(line) + 10
            lines += _failure_lines(p, rank, host, t + timedelta(seconds=1))
            end = max(end, t + timedelta(minutes=11))
            data = ("\n".join(lines) + "\n").encode()
            path = job_dir / host / f"rank{rank}.log"
            path.parent.mkdir(parents=True, exist_ok=True)
            if p.gz:
                data = gzip.compress(data, compresslevel=1, mtime=0)
                path = path.with_name(path.name + ".gz")
            path.write_bytes(data)
            written += len(data)
    stamp = end.timestamp()
    for f in job_dir.rglob("*"):
        os.utime(f, (stamp, stamp))
    return written


def build(root: Path, jobs: int, rank_bytes: int = 16 * 1024, seed: int = 17, days: int = 14) -> list[JobPlan]:
    """Generate the archive under ``root`` (reused when ``ROOT.plan.json`` beside it says it is this one)."""
    marker = root.parent / (root.name + ".plan.json")
    key = {"jobs": jobs, "rank_bytes": rank_bytes, "seed": seed, "days": days}
    plans = plan(jobs, seed, days)
    if marker.exists() and json.loads(marker.read_text()).get("key") == key:
        return plans
    root.mkdir(parents=True, exist_ok=True)
    for p in plans:
        write_job(root, p, rank_bytes, seed)
    marker.write_text(json.dumps({"key": key, "jobs": [asdict(p) for p in plans]}))
    return plans
