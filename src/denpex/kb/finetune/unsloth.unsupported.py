"""Computed diagnosis for unsloth.unsupported: which precondition Unsloth refused (GPU count, device, TRL patch,
unsloth_zoo import) and the command that satisfies it for this log."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UPGRADE = "pip install --upgrade --force-reinstall --no-deps --no-cache-dir unsloth unsloth_zoo"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    sig = g.get("_signature", "")
    if sig.startswith("multi-gpu") and g.get("launcher"):
        la = g["launcher"]
        how = "a distributed launch (one process per GPU)" if la.startswith("[rank") or la in ("torchrun", "accelerate launch", "deepspeed") else "LLaMA-Factory with use_unsloth on several GPUs"
        return Explanation(
            text=(f"This is {how}, and this Unsloth release refuses to train with more than one GPU: every rank raises the same error."),
            fix=(f"Upgrade to an Unsloth release with multi-GPU support: pip install --upgrade --force-reinstall --no-deps --no-cache-dir unsloth unsloth_zoo.",
                 "Or train on one GPU (CUDA_VISIBLE_DEVICES=0, a single process), or disable Unsloth for the multi-GPU run (LLaMA-Factory: use_unsloth: false)."),
            derived={"what": "multi-GPU launch with a single-GPU Unsloth release"},
        )
    if sig.startswith("multi-gpu"):
        return Explanation(
            text=("This Unsloth release trains on one GPU only and torch can see more than one (CUDA_VISIBLE_DEVICES unset on a "
                  "multi-GPU host, or a torchrun/accelerate/deepspeed launch). The check fires even if your code uses one device."),
            fix=("Hide the other GPUs before Python starts: CUDA_VISIBLE_DEVICES=0 python train.py (in a notebook, set "
                 "os.environ['CUDA_VISIBLE_DEVICES'] = '0' in the first cell, before importing unsloth or torch).",
                 f"For real multi-GPU training upgrade to a release with multi-GPU support ({_UPGRADE}) and launch it as the Unsloth "
                 "multi-GPU docs show; through LLaMA-Factory, drop use_unsloth for multi-GPU runs on older releases."),
            derived={"what": "more than one GPU visible to a single-GPU Unsloth release"},
        )
    if sig in ("no-nvidia-gpu", "only-works-on", "no-accelerator"):
        tv = g.get("torch_version")
        if tv:
            text = (f"torch {tv} is a CPU-only build, so torch reports no CUDA/ROCm/XPU device and Unsloth stops at import, "
                    "whatever nvidia-smi shows.")
        else:
            text = ("torch reports no CUDA, ROCm or XPU device. Usual causes: a CPU-only torch wheel (version ends in +cpu; the "
                    "default on Windows pip), a CPU or TPU notebook runtime, or a driver / torch CUDA mismatch (e.g. a torch build "
                    "without kernels for the platform, as on aarch64 DGX Spark).")
        return Explanation(
            text=text,
            fix=("python -c \"import torch; print(torch.__version__, torch.cuda.is_available())\" must print a +cuXXX (or ROCm/XPU) "
                 "build and True.",
                 "Reinstall torch from the GPU index, e.g. pip install --force-reinstall torch --index-url https://download.pytorch.org/whl/cu124 "
                 "(ROCm/XPU indexes for AMD/Intel), then reinstall unsloth with --no-deps so it keeps that torch.",
                 "In Colab/Kaggle choose a GPU runtime (TPU and CPU runtimes are not supported)."),
            derived={"what": f"torch sees no GPU{f' (torch {tv})' if tv else ''}"},
        )
    if sig == "patch-failed":
        t = g.get("trainer", "the TRL trainer")
        return Explanation(
            text=(f"Unsloth rewrites TRL's {t} from its source code at import; the installed trl is a release this Unsloth does not "
                  "know (trl upgraded on its own, or an old unsloth/unsloth_zoo next to a new trl)."),
            fix=(f"Upgrade both together: {_UPGRADE}.",
                 "Or pin trl to the range the installed Unsloth declares: pip show unsloth (Requires) / pip install 'trl==<that version>'.",
                 "Restart the Python kernel after reinstalling (the patched modules are cached in the process)."),
            derived={"what": f"cannot patch {t} (unsloth / trl versions do not match)"},
        )
    if sig == "zoo-needs-unsloth":
        return Explanation(
            text=("unsloth_zoo refuses to load unless unsloth was imported first in this process. Either your code imports "
                  "unsloth_zoo (or a module using it) before unsloth, or - when it appears inside 'import unsloth' - the unsloth and "
                  "unsloth_zoo releases do not match."),
            fix=("Put 'import unsloth' (or from unsloth import FastLanguageModel) first, before trl/transformers/peft and unsloth_zoo.",
                 f"If it is raised while importing unsloth itself, install matching releases: {_UPGRADE}.",
                 "Standalone use of unsloth_zoo helpers: set os.environ['UNSLOTH_IS_PRESENT'] = '1' before importing them (maintainer's workaround)."),
            derived={"what": "unsloth_zoo imported without unsloth (import order or version mismatch)"},
        )
    if sig == "zoo-import-failed":
        return Explanation(
            text=("Importing unsloth_zoo failed and Unsloth re-raised it as 'Please install unsloth_zoo'. The package may be missing, "
                  "but more often it is installed and raised something else - read the exception printed above this one."),
            fix=(f"Install matching releases: {_UPGRADE}.",
                 "If the error above is 'Please install Unsloth via pip install unsloth', unsloth_zoo was imported before unsloth or "
                 "the two releases differ; if it is a GPU/accelerator error, fix torch first (see that message)."),
            derived={"what": "unsloth_zoo failed to import (see the error above)"},
        )
    return None
