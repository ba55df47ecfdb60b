"""Generate realistic training logs for the benchmarks (mixed INFO, tqdm, NCCL INFO, warnings,
a few buried failures)."""

from __future__ import annotations

import random
from pathlib import Path

NOISE = [
    "{ts} INFO trainer.py:412] step {step} | loss {loss:.4f} | lr 3.0e-04 | grad_norm {gn:.3f} | tokens/s {tps}",
    "{ts} INFO data.py:88] prefetch queue depth {q} (workers=8)",
    "node-{node}:{pid}:{tid} [{dev}] NCCL INFO Channel {ch:02d}/0 : {a}[{dev}] -> {b}[{dev}] via P2P/CUMEM/read",
    "node-{node}:{pid}:{tid} [{dev}] NCCL INFO comm 0x55d0c8a3e2b0 rank {a} nranks 64 cudaDev {dev} busId 1b000 commId 0x9d2f - Init COMPLETE",
    "Epoch 3:  {pct}%|{bar}| {step}/20000 [12:01<48:03, {its:.2f}it/s, loss={loss:.3f}, v_num=0]",
    "{ts} WARNING torch/utils/checkpoint.py:91] None of the inputs have requires_grad=True. Gradients will be None",
    "{ts} INFO checkpoint.py:203] saved checkpoint to /ckpt/run-7/step_{step}.pt in {sec:.1f}s",
    "[rank{a}]:[W{md} {hms}.{us} ProcessGroupNCCL.cpp:4561] [PG ID 0 PG GUID 0 Rank {a}] using GPU {dev} to perform barrier as devices used by this process are currently unknown.",
    "{ts} INFO memory.py:51] allocated {al:.2f} GiB reserved {rs:.2f} GiB max_allocated {mx:.2f} GiB",
]
FAILURES = [
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.15 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 78.08 GiB memory in use. Of the allocated memory 75.50 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.",
    "[rank5]:[E1203 10:22:33.123456789 ProcessGroupNCCL.cpp:616] [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9120, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) ran for 600012 milliseconds before timing out.",
    "RuntimeError: CUDA error: an illegal memory access was encountered",
]


# How often each kind of line shows up in a real NCCL_DEBUG=INFO training log: communicator
# "Init COMPLETE" lines come once per communicator and rank, not every few lines.
WEIGHTS = [40, 8, 14, 0.05, 16, 5, 1, 4, 9]


def noise_line(rng: random.Random, step: int) -> str:
    t = rng.choices(NOISE, weights=WEIGHTS)[0]
    return t.format(
        ts=f"2024-12-03 10:{(step // 60) % 60:02d}:{step % 60:02d},{rng.randrange(1000):03d}",
        step=step, loss=rng.random() * 3, gn=rng.random() * 2, tps=rng.randrange(90000, 130000), q=rng.randrange(8),
        node=rng.randrange(8), pid=rng.randrange(1000, 99999), tid=rng.randrange(1000, 99999), dev=rng.randrange(8),
        ch=rng.randrange(32), a=rng.randrange(64), b=rng.randrange(64), pct=rng.randrange(100), bar="#" * rng.randrange(10),
        its=rng.random() * 5, sec=rng.random() * 30, md="1203", hms="10:22:33", us=rng.randrange(10**6),
        al=rng.random() * 70, rs=rng.random() * 75, mx=rng.random() * 78,
    )


def write_log(path: Path, size_bytes: int, seed: int = 0, failures: int = 3) -> None:
    rng = random.Random(seed)
    inject = sorted(rng.randrange(size_bytes) for _ in range(failures))
    written = 0
    step = 0
    with open(path, "w", encoding="utf-8") as fh:
        buf: list[str] = []
        while written < size_bytes:
            step += 1
            line = noise_line(rng, step) + "\n"
            if inject and written >= inject[0]:
                inject.pop(0)
                line += rng.choice(FAILURES) + "\n"
            buf.append(line)
            written += len(line)
            if len(buf) >= 4096:
                fh.write("".join(buf))
                buf.clear()
        fh.write("".join(buf))
