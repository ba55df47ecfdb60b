"""Computed diagnosis for lightning.cuda-initialized-before-launch: notebook or script, and the launch to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    interactive = bool(str(facts.get("kernel") or "").strip())
    if interactive:
        diagnosis = "notebook kernel already holds a CUDA context"
        text = ("The message carries the kernel sentence, so this ran in an interactive session (Jupyter, Kaggle, Colab): "
                "Lightning picked a fork-based launcher, and some earlier cell or call initialised CUDA in the kernel. "
                "The kernel keeps that state until it is restarted.")
        fix = ("Restart the kernel, remove .cuda()/.to('cuda')/torch.cuda.set_device from the cells before fit, and run "
               "Trainer(accelerator='gpu', devices=N, strategy='ddp_notebook').",
               "If the notebook must use the GPU before training, train with devices=1 or move the training to a script run with strategy='ddp'.")
    else:
        diagnosis = "CUDA initialised in the parent before a spawn/fork launch"
        text = ("This ran as a script with a multiprocessing launcher (ddp_spawn / ddp_fork): code before trainer.fit "
                "touched the GPU, so the parent process holds a CUDA context the workers cannot inherit.")
        fix = ("Remove the manual GPU placement before fit (model.cuda(), .to('cuda'), torch.cuda.set_device); select GPUs with devices=[...] or CUDA_VISIBLE_DEVICES.",
               "Or use strategy='ddp', which re-launches the script per rank and is not affected by CUDA state in the parent.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
