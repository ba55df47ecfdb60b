"""Computed diagnosis for lightgbm.machine-list-missing-local: which launcher built the machine list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    launcher = str(facts.get("launcher") or "")
    if "dask_lightgbm" in launcher:
        return Explanation(
            text=("The old dask-lightgbm package built the machine list from the Dask worker addresses; on a "
                  "LocalCluster those are 127.0.0.1, which LightGBM may not list as a local address."),
            fix=("pip install -U lightgbm dask distributed and use lightgbm.DaskLGBMRegressor (dask-lightgbm is archived).",
                 "Or start the workers on a real interface: LocalCluster(host='<this machine IP>')."),
            derived={"where": " (dask-lightgbm worker list)"},
        )
    if launcher:
        return Explanation(
            text=("lightgbm.dask built the machine list from the Dask worker addresses; the worker's host does not "
                  "list that address as one of its own (LocalCluster 127.0.0.1 on Windows, containers, NAT)."),
            fix=("Start the workers on a real interface: LocalCluster(host='<this machine IP>') or dask-worker --host <ip>.",
                 "Or pass machines='ip1:port1,ip2:port2' with the addresses the worker hosts see.",
                 "One machine only: train lgb.LGBMRegressor on the computed arrays instead."),
            derived={"where": " (lightgbm.dask worker list)"},
        )
    return Explanation(
        text="No entry of machines / machine_list_filename is an interface IP of this host with its local_listen_port.",
        fix=("Use each host's own interface IP and its local_listen_port in the list, identical on all machines.",),
        derived={"where": ""},
    )
