"""Many rank logs: time to a verdict and peak memory, beside a plain sequential read of the same files.

    .venv/bin/python bench/ranks.py [--ranks 512] [--mb 20]

Generates N rank logs (cached under bench/out/), one of which holds the initiating failure
(CUDA OOM on rank 137) while 40 others later print collateral NCCL watchdog timeouts, then
runs `denpex diagnose` (all cores, and one core) and a plain sequential read, each as a child
process with its own peak RSS (os.wait4).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gen import noise_line  # noqa: E402

OUT = HERE / "out"

OOM = ("[rank{r}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. GPU 1 has a total capacity of "
       "79.15 GiB of which 2.31 GiB is free. Including non-PyTorch memory, this process has 76.83 GiB memory in use. Of the "
       "allocated memory 70.12 GiB is allocated by PyTorch, and 5.90 GiB is reserved by PyTorch but unallocated.")
WD = ("[rank{r}]:[E1203 10:{m:02d}:{s:02d}.123456789 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught collective operation "
      "timeout: WorkNCCL(SeqNum=9120, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) ran for "
      "600012 milliseconds before timing out.")


def noise_block(size: int) -> bytes:
    """One rank's worth of realistic noise for rank 0; other ranks reuse it with their own prefix."""
    rng = random.Random(0)
    lines: list[str] = []
    written, step = 0, 0
    while written < size:
        step += 1
        line = "[rank0]:" + noise_line(rng, step) + "\n"
        lines.append(line)
        written += len(line)
    return "".join(lines).encode()


def gen_rank(path: Path, rank: int, block: bytes, bad: int, collateral: set[int]) -> None:
    with open(path, "wb") as fh:
        fh.write(block if rank == 0 else block.replace(b"[rank0]:", f"[rank{rank}]:".encode()))
        if rank == bad:
            fh.write(("2024-12-03 10:12:00,001 INFO trainer.py:412] step 9119 | loss 1.2\n" + OOM.format(r=rank) + "\n").encode())
        elif rank in collateral:
            fh.write((WD.format(r=rank, m=22, s=rank % 60) + "\n").encode())


def measure(cmd: list[str]) -> tuple[float, float, bytes]:
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read() if p.stdout else b""
    _, _, ru = os.wait4(p.pid, 0)
    return time.perf_counter() - t0, ru.ru_maxrss / 1024, out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ranks", type=int, default=512)
    ap.add_argument("--mb", type=float, default=20)
    args = ap.parse_args()
    folder = OUT / f"job-{args.ranks}x{args.mb}mb"
    bad = 137 % args.ranks
    if not folder.exists():
        folder.mkdir(parents=True)
        rng = random.Random(0)
        collateral = set(rng.sample([r for r in range(args.ranks) if r != bad], min(40, args.ranks - 1)))
        print(f"generating {args.ranks} rank logs of {args.mb} MB in {folder} ...", flush=True)
        block = noise_block(int(args.mb * 1024 * 1024))
        for r in range(args.ranks):
            gen_rank(folder / f"rank{r}.log", r, block, bad, collateral)
    total = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
    read = [sys.executable, "-c", f"import os\nfor n in sorted(os.listdir({str(folder)!r})):\n f=open(os.path.join({str(folder)!r},n),'rb')\n while f.read(16<<20): pass"]
    measure(read)  # warm the page cache
    print(f"{args.ranks} rank logs, {total:.0f} MB in all (page-cached)")
    w, m, _ = measure(read)
    print(f"  plain sequential read                  {w:7.2f} s  {total / w:8.1f} MB/s  peak {m:6.1f} MiB")
    for jobs in (os.cpu_count() or 2, 1):
        w, m, out = measure([sys.executable, "-m", "denpex", "diagnose", "-q", "--json", "-j", str(jobs), str(folder)])
        d = json.loads(out)
        p = d["primary"]
        ok = p and p["id"] == "torch.cuda-oom" and p["rank"] == bad
        coll = sum(1 for f in d["findings"] if f["role"] == "collateral")
        print(f"  denpex diagnose -j{jobs:<2} (verdict)         {w:7.2f} s  {total / w:8.1f} MB/s  peak {m:6.1f} MiB"
              f"  -> {p and p['id']} on rank {p and p['rank']} ({'correct' if ok else 'WRONG'}), {coll} collateral findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
