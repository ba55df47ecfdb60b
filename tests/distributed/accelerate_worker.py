"""A tiny data-parallel loop under `accelerate launch`, with a failure injected on one rank.

Usage: accelerate launch [--multi_gpu --num_processes 4 | --cpu] accelerate_worker.py SCENARIO BAD_RANK
  crash (torch shape error), embedding (IndexError), keyerror, sigkill, hang, ok
"""
import datetime
import logging
import os
import signal
import sys
import time

import torch
from accelerate import Accelerator
from accelerate.utils import InitProcessGroupKwargs

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
log = logging.getLogger("train")


def main() -> None:
    scenario, bad = sys.argv[1], int(sys.argv[2])
    timeout = datetime.timedelta(seconds=float(os.environ.get("COLLECTIVE_TIMEOUT_S", "8")))
    multi = int(os.environ.get("WORLD_SIZE", "1")) > 1  # simple_launcher (--cpu) starts one process
    acc = Accelerator(cpu=True, kwargs_handlers=[InitProcessGroupKwargs(backend="gloo", timeout=timeout)] if multi else [])
    rank = acc.process_index
    log.info("rank=%d world_size=%d", rank, acc.num_processes)
    torch.manual_seed(rank)
    model = torch.nn.Linear(16, 16)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    model, opt = acc.prepare(model, opt)
    for step in range(1, 9):
        x = torch.randn(8, 16)
        if step == 5 and rank == bad:
            if scenario == "crash":
                x = torch.randn(8, 12) @ torch.randn(16, 16)
            elif scenario == "sigkill":
                sys.stdout.flush()
                os.kill(os.getpid(), signal.SIGKILL)
            elif scenario == "embedding":
                torch.nn.Embedding(10, 4)(torch.tensor([12]))
            elif scenario == "keyerror":
                batch = {"input_ids": x}
                x = batch["labels"]
            elif scenario == "hang":
                log.info("step %d: waiting on the data loader", step)
                sys.stdout.flush()
                time.sleep(600)
        loss = model(x).pow(2).mean()
        acc.backward(loss)
        opt.step()
        opt.zero_grad()
        log.info("step %d loss %.4f", step, loss.item())
        sys.stdout.flush()
        time.sleep(0.2)
    acc.wait_for_everyone()
    acc.end_training()


if __name__ == "__main__":
    main()
