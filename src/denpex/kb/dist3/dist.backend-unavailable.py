"""Computed diagnosis for dist.backend-unavailable: missing build feature vs no visible GPU."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    backend = str(facts.get("backend") or "")
    if sig == "nccl-no-gpus":
        reason = "this process sees no CUDA device"
        text = ("This PyTorch has NCCL, but torch.cuda sees zero GPUs in this process: a CPU-only wheel, a node/container "
                "without GPUs (login node, docker without --gpus), an empty CUDA_VISIBLE_DEVICES, or a driver older than the wheel's CUDA.")
        fix = ("Run: python -c 'import torch; print(torch.version.cuda, torch.cuda.is_available())' where the job runs; "
               "None for torch.version.cuda means a CPU wheel: reinstall from https://download.pytorch.org/whl/cu121 (or the CUDA your driver supports).",
               "Run on a GPU node (srun --gres=gpu:N / docker run --gpus all) and keep CUDA_VISIBLE_DEVICES non-empty.",
               "Intentionally CPU-only: use backend='gloo'.")
        return Explanation(text=text, fix=fix, derived={"backend": "nccl", "reason": reason})
    if sig == "not-built-in" and backend:
        b = backend.upper()
        reason = f"this PyTorch build was compiled without {b}"
        if b == "NCCL":
            text = ("This PyTorch build has no NCCL: every Windows and macOS wheel and every CPU-only wheel. "
                    "The code (or framework) asked for backend='nccl'.")
            fix = ("Windows/macOS: switch to gloo - dist.init_process_group('gloo', ...); Lightning: DDPStrategy(process_group_backend='gloo'); "
                   "configs: dist_backend/backend: gloo.",
                   "One GPU: launch with plain python (no torchrun/launch) and a non-distributed setting so no process group is created.",
                   "Multi-GPU training at speed: use Linux or WSL2 with a CUDA wheel (NCCL is Linux-only).")
        elif b == "MPI":
            text = "pip/conda PyTorch wheels are built without MPI; backend='mpi' needs PyTorch compiled from source against an MPI library."
            fix = ("Use backend='nccl' on GPUs or 'gloo' on CPU (mpirun can still launch the processes).",
                   "Or build PyTorch from source with MPI available (USE_MPI=1).")
        else:
            text = f"This PyTorch build has no {b} backend."
            fix = ("Use backend='nccl' (Linux GPUs) or 'gloo' (CPU / Windows).",)
        return Explanation(text=text, fix=fix, derived={"backend": backend.lower(), "reason": reason})
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, ZeroDivisionError):
        return None  # facts of an unexpected shape: no computed text rather than a crash
