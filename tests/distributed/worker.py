"""A tiny real data-parallel training loop on gloo, with a failure injected on one rank.

Usage (under torchrun): worker.py SCENARIO BAD_RANK
  crash   - BAD_RANK hits a real shape error in its forward pass at step 5
  sigkill - BAD_RANK is killed with SIGKILL at step 5
  hang    - BAD_RANK stops calling collectives (sleeps) at step 5; the others time out
  embedding - BAD_RANK indexes an Embedding(10, 4) with 12 at step 5 (IndexError no entry names)
  keyerror  - BAD_RANK looks up a missing key in its data-pipeline dict at step 5 (KeyError)
  nofile    - BAD_RANK opens a shard that does not exist at step 5 (FileNotFoundError)
  mismatch  - at step 5 every rank all-reduces an extra tensor, BAD_RANK's of shape [9], the others' [10]
              (run with TORCH_DISTRIBUTED_DEBUG=DETAIL: every rank reports the mismatch)
  late      - at step 5 BAD_RANK logs that it loads the next shard and stalls past the collective
              timeout, then raises its own error after the others have timed out
  ok      - no failure
"""

import datetime
import logging
import os
import signal
import sys
import time

import torch
import torch.distributed as dist

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
log = logging.getLogger("train")


def main() -> None:
    # (the DeepSpeed launcher puts --local_rank=N before the script's own arguments unless --no_local_rank;
    # the deprecated torch.distributed.launch without --use-env passes --local-rank=N)
    args = [a for a in sys.argv[1:] if not a.startswith(("--local_rank", "--local-rank"))]
    scenario, bad = args[0], int(args[1])
    timeout = datetime.timedelta(seconds=float(os.environ.get("COLLECTIVE_TIMEOUT_S", "8")))
    dist.init_process_group("gloo", timeout=timeout)
    rank, world = dist.get_rank(), dist.get_world_size()
    log.info("rank=%d world_size=%d host=%s", rank, world, os.environ.get("HOSTNAME_OVERRIDE", "localhost"))
    torch.manual_seed(rank)
    w = torch.randn(16, 16, requires_grad=True)
    for step in range(1, 9):
        x = torch.randn(8, 16)
        if step == 5 and rank == bad:
            if scenario == "crash":
                x = torch.randn(8, 12)  # wrong feature size: a real torch error
            elif scenario == "sigkill":
                sys.stdout.flush()
                os.kill(os.getpid(), signal.SIGKILL)
            elif scenario == "embedding":
                torch.nn.Embedding(10, 4)(torch.tensor([12]))
            elif scenario == "keyerror":
                batch = {"input_ids": x}
                x = batch["labels"]
            elif scenario == "nofile":
                with open(f"/nonexistent/shard-{rank:05d}.bin", "rb") as fh:
                    x = torch.frombuffer(fh.read(), dtype=torch.float32)
            elif scenario == "late":
                log.info("rank %d loading next shard /data/shard-%05d.arrow", rank, step)
                sys.stdout.flush()
                time.sleep(float(os.environ.get("COLLECTIVE_TIMEOUT_S", "8")) + 6)
                raise RuntimeError(f"shard /data/shard-{step:05d}.arrow: read timed out after 14 s")
            elif scenario == "hang":
                log.info("step %d: waiting on the data loader", step)
                sys.stdout.flush()
                time.sleep(600)
        if step == 5 and scenario == "mismatch":
            dist.all_reduce(torch.ones(9 if rank == bad else 10))
        loss = (x @ w).pow(2).mean()
        loss.backward()
        dist.all_reduce(w.grad)
        with torch.no_grad():
            w -= 0.01 * w.grad
            w.grad.zero_()
        log.info("step %d loss %.4f", step, loss.item())
        sys.stdout.flush()
        time.sleep(0.2)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
