"""Computed diagnosis for nccl.invalid-usage: which ranks collided on which GPU."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _pci(bus_id: str) -> str | None:
    """NCCL prints the PCI bus id as hex digits of domain(4) bus(2) device(2) function(1)."""
    h = bus_id.strip().lower()
    if not h or any(c not in "0123456789abcdef" for c in h) or len(h) > 9:
        return None
    h = h.rjust(9, "0")
    return f"{h[0:4]}:{h[4:6]}:{h[6:8]}.{h[8]}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    a = facts.get("rank_a")
    b = facts.get("rank_b")
    bus = facts.get("bus_id")
    version = facts.get("nccl_version")
    if a is None and bus is None and version is None:
        return None
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if a is not None and b is not None:
        pci = _pci(str(bus)) if bus is not None else None
        if pci:
            derived["pci_bus_id"] = pci
        on = f"the GPU at PCI {pci} (NCCL id {bus})" if pci else f"CUDA device {bus}"
        parts.append(
            f"Ranks {min(a, b)} and {max(a, b)} initialised NCCL on the same physical GPU, {on}. NCCL needs one rank per GPU."
        )
        if pci and pci.endswith("01:00.0"):
            parts.append("That is usually GPU 0: the processes never selected their own device and all defaulted to cuda:0.")
        fix.append(
            "At the top of main(): local_rank = int(os.environ['LOCAL_RANK']); torch.cuda.set_device(local_rank) "
            "(and init_process_group(..., device_id=torch.device('cuda', local_rank)) on PyTorch >= 2.3)."
        )
        fix.append(
            "Check that each process sees a different GPU: print LOCAL_RANK, CUDA_VISIBLE_DEVICES and torch.cuda.current_device() per rank; "
            "launch no more processes per node than GPUs."
        )
        if pci:
            fix.append(f"nvidia-smi --query-gpu=index,pci.bus_id --format=csv | grep -i {pci[5:]} shows which GPU index {pci} is.")
    else:
        parts.append(
            "NCCL rejected the way it was called (ncclInvalidUsage). The most common cause is two ranks on the same GPU; "
            "rerun with NCCL_DEBUG=WARN to see the exact NCCL WARN line."
        )
        fix.append("Rerun with NCCL_DEBUG=WARN; if it says 'Duplicate GPU detected', bind each rank with torch.cuda.set_device(local_rank).")
    if version:
        parts.append(f"NCCL {version}.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
