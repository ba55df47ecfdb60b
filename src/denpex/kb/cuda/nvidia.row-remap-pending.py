"""Computed diagnosis for nvidia.row-remap-pending: pending remap (reset) vs remapping failure (RMA), for which GPU."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = str(facts.get("remap_field") or "")
    if not field:
        return None
    pci = facts.get("pci")
    idx = facts.get("gpu_index")
    rows = facts.get("uncorrectable_rows")
    gpu = f"GPU {pci}" if pci else (f"GPU {idx}" if idx is not None else "the GPU")
    sel = f"-i {pci}" if pci else (f"-i {idx}" if idx is not None else "-i <gpu>")
    failed = "Failure" in field or "failed" in field
    rows_txt = f" ({rows} row(s) remapped for uncorrectable errors)" if isinstance(rows, int) and rows > 0 else ""
    if failed:
        return Explanation(
            text=f"{gpu} could not remap a bad memory row{rows_txt}: its spare rows are exhausted or the remap could not be recorded. "
                 "This is NVIDIA's RMA criterion once confirmed by the field diagnostic.",
            fix=(
                f"Drain {gpu} (or the node) now; do not schedule jobs on it.",
                "Run the NVIDIA field diagnostic / dcgmi diag -r 4 and open an RMA (cloud: stop/start onto another host and report it).",
                "Rerun affected jobs from the last checkpoint elsewhere.",
            ),
            derived={"action": "rma"},
        )
    if field == "Pending Page Blacklist":
        return Explanation(
            text=f"{gpu} has retired memory pages that take effect only after the driver is reloaded or the node rebooted.",
            fix=(f"Drain {gpu}, then reboot the node (or reload the driver) and check nvidia-smi -q -d PAGE_RETIREMENT {sel}.",),
            derived={"action": "reload-driver"},
        )
    return Explanation(
        text=f"{gpu} has a row remap recorded but not yet applied{rows_txt}; the bad row stays in use until the GPU is reset.",
        fix=(
            f"Drain {gpu}, then reset it: nvidia-smi -r {sel} with no processes on it (HGX/NVSwitch: reboot the node).",
            f"Confirm: nvidia-smi -q -d ROW_REMAPPER {sel} shows Pending : No.",
            "If pending remaps keep coming back on this GPU, watch 'Remapping Failure Occurred' and plan a replacement.",
        ),
        derived={"action": "reset"},
    )
