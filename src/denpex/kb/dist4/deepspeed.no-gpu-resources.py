"""Computed diagnosis for deepspeed.no-gpu-resources: why torch reported zero GPUs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "include-slot-missing":
        slot, host = facts.get("slot"), facts.get("slot_host") or "the host"
        return Explanation(
            text=(f"--include/--exclude asks for GPU {slot} on {host}, which the launcher does not see there: the numbers after "
                  "'host:' are GPU indices of that machine (as torch counts them, after CUDA_VISIBLE_DEVICES), not a GPU count."),
            fix=(f"Use indices that exist on {host} (e.g. --include {host}:0,1 on a 2-GPU machine; check with nvidia-smi -L), "
                 "or drop --include and pass --num_gpus N.",
                 "If CUDA_VISIBLE_DEVICES is set, the launcher sees only those GPUs, renumbered from 0.",
                 f"With a hostfile, '{host} slots=N' gives {host} the indices 0..N-1 only: list all its GPUs in slots= to pick higher ones."),
        )
    hint = facts.get("cuda_hint")
    fix: list[str] = []
    if hint and "NVIDIA driver" in hint:
        text = "torch found no NVIDIA driver, so the deepspeed launcher counted 0 GPUs: the machine or container has no visible GPU."
        fix.append("Inside a container: restart it with --gpus all (NVIDIA container toolkit); check nvidia-smi there.")
    elif hint and ("not compiled" in hint or "did not find cuda" in hint):
        text = "This torch build has no CUDA support, so the deepspeed launcher counted 0 GPUs."
        fix.append("Install a CUDA wheel of torch: pip install torch --index-url https://download.pytorch.org/whl/cu121 (match your driver).")
    elif hint:
        text = f"torch could not initialise CUDA ({hint}), so the deepspeed launcher counted 0 GPUs."
        fix.append("Update the NVIDIA driver to one that supports the CUDA version of this torch build, or install a torch built for an older CUDA.")
    else:
        text = "The deepspeed launcher counted 0 usable GPUs on this machine (no hostfile, torch.cuda.device_count() == 0 or filters removed every device)."
        fix.append("Run python -c 'import torch; print(torch.cuda.device_count())' with the same interpreter and CUDA_VISIBLE_DEVICES as the deepspeed command.")
    if facts.get("host_hint"):
        text += " No hostfile was found, so only local devices were considered."
    fix.append("Without NVIDIA GPUs, run the script with python/torchrun and a CPU configuration instead of the deepspeed launcher.")
    return Explanation(text=text, fix=tuple(fix), derived={})
