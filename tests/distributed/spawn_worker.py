"""A tiny real data-parallel training loop on gloo started by torch.multiprocessing.spawn (mp.spawn,
as detectron2's launch, fairseq and many DDP scripts do), with a failure injected on one process.

Usage: spawn_worker.py SCENARIO BAD_RANK PORT
  crash    - BAD_RANK hits a real shape error in its forward pass at step 5
  keyerror - BAD_RANK looks up a missing batch key at step 5 (KeyError)
  exit     - BAD_RANK exits with status 3 at step 5 without a traceback (os._exit)
  sigkill  - BAD_RANK is killed with SIGKILL at step 5
Every process logs through the same console with no rank prefix, as mp.spawn leaves it. The other
processes spend 1.5 s in their step 5 before the collective, so the bad one ends first: spawn reports
the first process it sees end, which is otherwise a race between it and the peers it takes down.
"""

import datetime
import logging
import os
import signal
import sys
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
log = logging.getLogger("train")


def run(rank: int, world: int, scenario: str, bad: int, port: int) -> None:
    os.environ["MASTER_ADDR"], os.environ["MASTER_PORT"] = "127.0.0.1", str(port)
    dist.init_process_group("gloo", rank=rank, world_size=world, timeout=datetime.timedelta(seconds=8))
    log.info("rank=%d world_size=%d", rank, world)
    torch.manual_seed(rank)
    w = torch.randn(16, 16, requires_grad=True)
    for step in range(1, 9):
        x = torch.randn(8, 16)
        if step == 5 and rank == bad:
            if scenario == "crash":
                x = torch.randn(8, 12)  # wrong feature size: a real torch error
            elif scenario == "keyerror":
                x = {"input_ids": x}["labels"]
            elif scenario == "exit":
                sys.stdout.flush()
                os._exit(3)
            elif scenario == "sigkill":
                sys.stdout.flush()
                os.kill(os.getpid(), signal.SIGKILL)
        elif step == 5:
            time.sleep(1.5)  # the others' slow data step: the bad process fails first, as spawn then reports
        loss = (x @ w).pow(2).mean()
        loss.backward()
        dist.all_reduce(w.grad)
        log.info("step %d loss %.4f", step, loss.item())
    dist.destroy_process_group()


if __name__ == "__main__":
    scenario, bad, port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    mp.spawn(run, args=(4, scenario, bad, port), nprocs=4, join=True)
