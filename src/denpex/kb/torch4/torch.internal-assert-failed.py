"""Computed diagnosis for torch.internal-assert-failed: which PyTorch subsystem the failed check lives in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (piece of the source path or condition, subsystem, most likely cause, first thing to try)
_AREAS = [
    ("intrusive_ptr", "reference counting (c10 intrusive_ptr)", "an object freed or shared in a way PyTorch does not support: tensors/modules shared across fork, native objects used from another thread, or an extension built for another torch", "num_workers=0 or multiprocessing_context='spawn', and matching torch/extension versions"),
    ("autograd", "autograd", "a custom autograd.Function, hook or in-place change that breaks autograd's assumptions (views, version counters), or a bug fixed in a later release", "run without the custom Function/hooks to confirm, then upgrade torch"),
    ("dispatch", "the operator dispatcher", "an extension or companion package (torchvision, torchaudio, xformers) built against a different torch registering operators", "reinstall torchvision/torchaudio matching torch and rebuild extensions"),
    ("cuda", "the CUDA backend", "a device index or stream/context used outside what this process set up, or a CUDA/driver-specific bug", "check CUDA_VISIBLE_DEVICES and device indices, then upgrade torch"),
    ("jit", "TorchScript", "a scripted/traced model or TorchScript feature this version does not support", "run eagerly to confirm; re-export the model with the torch version that loads it"),
    ("_inductor", "torch.compile (Inductor)", "a torch.compile code path with a bug in this version", "run without torch.compile, then try the latest release"),
    ("_dynamo", "torch.compile (Dynamo)", "a torch.compile code path with a bug in this version", "run without torch.compile, then try the latest release"),
    ("distributed", "torch.distributed", "a process group used after destroy, or ranks disagreeing on collectives", "check that every rank runs the same collectives; upgrade torch"),
]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cond = str(facts.get("condition") or "").strip()
    src = str(facts.get("source_file") or "").strip()
    line = facts.get("source_line")
    if not cond and not src:
        return None
    where = f"{src}:{line}" if src and line else src or "PyTorch's C++ core"
    hay = f"{src} {cond}"
    area = next((a for a in _AREAS if a[0] in hay), None)
    derived: dict[str, Any] = {}
    if area:
        derived["subsystem"] = area[1]
        text = (f"A PyTorch internal check failed in {area[1]} ({where}): '{cond}'. Likely cause: {area[2]}. "
                "The message asks for a bug report because the check is internal, but version mismatches and unsupported usage are the usual triggers.")
        fix = (f"First try: {area[3]}.",
               "Upgrade PyTorch to the latest release for your CUDA version and reinstall matching torchvision/torchaudio; rebuild compiled extensions against it.",
               f"Search the PyTorch tracker for \"{cond[:80]}\" and, if it persists on the newest release, report it with a minimal script.")
    else:
        text = (f"A PyTorch internal check failed at {where}: '{cond}'. This is an invariant of PyTorch's C++ code, not a check on your data: "
                "mismatched binaries (an extension or torchvision built for another torch), an unsupported usage, or a bug fixed in a later release.")
        fix = ("Upgrade PyTorch and reinstall matching torchvision/torchaudio; rebuild compiled extensions against it.",
               f"Search the PyTorch tracker for \"{cond[:80]}\"; disable one component at a time (workers, torch.compile, custom ops) to find what reaches it.")
    return Explanation(text=text, fix=fix, derived=derived)
