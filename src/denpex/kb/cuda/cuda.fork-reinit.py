"""Computed diagnosis for cuda.fork-reinit: where the forked child was (DataLoader worker or a pool) and the fix for that place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    worker = facts.get("worker")
    if not worker:
        return Explanation(
            text=(
                "A child process created with fork() used CUDA after the parent had initialised it; "
                "PyTorch refuses because the inherited CUDA state is unusable in a forked child."
            ),
            fix=(
                "Create the pool with a spawn context: ctx = torch.multiprocessing.get_context('spawn'); ctx.Pool(...) "
                "(or ProcessPoolExecutor(mp_context=ctx)), inside if __name__ == '__main__'.",
                "Or load the GPU model inside each worker after it starts, never in the parent before forking.",
                "vLLM/SGLang: export VLLM_WORKER_MULTIPROC_METHOD=spawn.",
            ),
        )
    return Explanation(
        text=(
            f"The CUDA call ran inside {worker}: the Dataset's __getitem__, a transform or collate_fn creates CUDA "
            "tensors, but DataLoader workers are forked from a parent that already initialised CUDA."
        ),
        fix=(
            "Return CPU tensors from the Dataset/collate_fn and move the batch in the training loop: "
            "batch = batch.to(device, non_blocking=True) with DataLoader(..., pin_memory=True).",
            "If the workers must use the GPU: DataLoader(..., multiprocessing_context='spawn', persistent_workers=True).",
            "Quick check: num_workers=0 makes the error disappear if this is the cause.",
        ),
        derived={"child": "dataloader-worker"},
    )
