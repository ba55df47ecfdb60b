"""A tiny LightningModule trained with Trainer(accelerator="cpu", devices=4, strategy="ddp"), one rank failing.

Usage: python lightning_worker.py SCENARIO BAD_RANK   (Lightning starts the other 3 processes itself)
  crash (torch shape error), keyerror (KeyError no entry names), sigkill, hang (stops at step 4), embedding
"""
import datetime
import logging
import os
import signal
import sys
import time

import lightning as L
import torch
from lightning.pytorch.strategies import DDPStrategy

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
log = logging.getLogger("train")
SCENARIO, BAD = sys.argv[1], int(sys.argv[2])


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(16, 16)

    def setup(self, stage):
        # joining takes long on a loaded machine (each process imports Lightning); collectives then
        # time out quickly, so a stalled rank fails the others within seconds
        short = datetime.timedelta(seconds=float(os.environ.get("COLLECTIVE_TIMEOUT_S", "8")))
        torch.distributed.distributed_c10d._set_pg_timeout(short)

    def training_step(self, batch, batch_idx):
        x = batch[0]
        if batch_idx == 4 and self.global_rank == BAD:
            if SCENARIO == "crash":
                x = torch.randn(8, 12) @ torch.randn(16, 16)
            elif SCENARIO == "sigkill":
                sys.stdout.flush()
                os.kill(os.getpid(), signal.SIGKILL)
            elif SCENARIO == "embedding":
                torch.nn.Embedding(10, 4)(torch.tensor([12]))
            elif SCENARIO == "keyerror":
                x = {"input_ids": x}["labels"]
            elif SCENARIO == "hang":
                log.info("step %d: waiting on the data loader", batch_idx)
                sys.stdout.flush()
                time.sleep(600)
        loss = self.layer(x).pow(2).mean()
        log.info("rank %d step %d loss %.4f", self.global_rank, batch_idx, loss.item())
        time.sleep(0.1)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main() -> None:
    timeout = datetime.timedelta(seconds=120)  # rendezvous
    data = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(256, 16)), batch_size=8)
    trainer = L.Trainer(
        accelerator="cpu", devices=4, strategy=DDPStrategy(process_group_backend="gloo", timeout=timeout),
        max_steps=8, logger=False, enable_checkpointing=False, enable_progress_bar=False, enable_model_summary=False,
    )
    trainer.fit(Model(), data)


if __name__ == "__main__":
    main()
