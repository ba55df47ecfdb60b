"""Computed diagnosis for nvidia.xid-memory: what each Xid in this log means and what to do."""

from denpex.xid import xid_explainer

explain = xid_explainer(
    "Drain the GPU, reset it when idle (nvidia-smi -r -i <index> or reboot) to apply pending row remaps, then check nvidia-smi -q -d ROW_REMAPPER,ECC; RMA on Xid 64 or repeated 48/95."
)
