"""Ray drivers with a failure injected in one worker. Connects to the cluster in RAY_ADDRESS if set.

Usage: python ray_worker.py MODE SCENARIO BAD [STORAGE]
  actors SCENARIO BAD - four plain actors (rank=0..3) take steps; actor BAD raises at step 3:
                        crash (torch shape error), keyerror (KeyError no entry names)
  train SCENARIO BAD STORAGE - Ray Train TorchTrainer, 2 CPU workers on gloo; world rank BAD raises
  oom                 - one task holds 1 GiB under a tiny RAY_memory_usage_threshold: the memory monitor kills it
"""

import os
import sys
import time

import ray


def _torch_error(scenario: str):
    import torch

    if scenario == "crash":
        return torch.randn(8, 12) @ torch.randn(16, 16)
    if scenario == "keyerror":
        return {"input_ids": 1}["labels"]
    raise SystemExit(f"unknown scenario {scenario}")


@ray.remote(num_cpus=0.5)
class Trainer:
    def __init__(self, rank: int):
        self.rank = rank

    def step(self, scenario: str, bad: int, i: int) -> int:
        print(f"rank={self.rank} step {i} loss 0.{40 + i}", flush=True)
        if i == 3 and self.rank == bad:
            _torch_error(scenario)
        return i


def actors(scenario: str, bad: int) -> None:
    workers = [Trainer.remote(r) for r in range(4)]
    for i in range(1, 6):
        ray.get([w.step.remote(scenario, bad, i) for w in workers])
        time.sleep(0.2)


def train(scenario: str, bad: int, storage: str) -> None:
    import torch
    import torch.distributed as dist
    from ray.train import RunConfig, ScalingConfig
    from ray.train.torch import TorchTrainer

    def loop(config):
        rank = ray.train.get_context().get_world_rank()
        w = torch.randn(16, 16, requires_grad=True)
        for step in range(1, 6):
            x = torch.randn(8, 16)
            if step == 3 and rank == config["bad"]:
                _torch_error(config["scenario"])
            loss = (x @ w).pow(2).mean()
            loss.backward()
            dist.all_reduce(w.grad)
            print(f"step {step} loss {loss.item():.4f}", flush=True)
            time.sleep(0.1)

    trainer = TorchTrainer(
        loop, train_loop_config={"scenario": scenario, "bad": bad},
        scaling_config=ScalingConfig(num_workers=2, use_gpu=False, resources_per_worker={"CPU": 1}),
        run_config=RunConfig(name=f"run-{scenario}", storage_path=storage),
    )
    trainer.fit()


@ray.remote(max_retries=0)
def hog() -> int:
    block = bytearray(1 << 30)
    print("allocated 1 GiB", flush=True)
    time.sleep(30)
    return len(block)


def main() -> None:
    mode = sys.argv[1]
    if os.environ.get("RAY_ADDRESS"):
        ray.init()
    else:
        ray.init(num_cpus=1 if mode == "oom" else 4, include_dashboard=False)
    if mode == "actors":
        actors(sys.argv[2], int(sys.argv[3]))
    elif mode == "train":
        train(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif mode == "oom":
        print(ray.get(hog.remote()))


if __name__ == "__main__":
    main()
