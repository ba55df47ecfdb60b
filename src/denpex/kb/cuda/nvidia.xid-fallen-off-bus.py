"""Computed diagnosis for nvidia.xid-fallen-off-bus: what each Xid in this log means and what to do."""

from denpex.xid import xid_explainer

explain = xid_explainer(
    "Drain the node (scontrol update nodename=<node> state=drain reason=xid79), reboot it, and run dcgmi diag -r 3 before returning it to service."
)
