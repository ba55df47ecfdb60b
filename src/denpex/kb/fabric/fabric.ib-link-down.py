"""Computed diagnosis for fabric.ib-link-down: which HCA/port or netdev lost its link, and what that points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CHECK = "ibstat (State Active, Physical state LinkUp, expected Rate) on every HCA NCCL uses; dmesg -T | grep -E 'mlx5|Link down|Port module event'."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    hca, port = facts.get("hca"), facts.get("port")
    ev = facts.get("ib_event")
    pci, netdev = facts.get("pci"), facts.get("netdev")
    mstatus, merr = facts.get("module_status"), facts.get("module_error")
    phys = facts.get("phys_state")
    where = f"{hca}:{port}" if hca and port is not None else (hca or (f"{netdev} ({pci})" if netdev else pci) or "an RDMA port")
    fix: list[str] = []
    if ev == "local catastrophic error":
        what = f"HCA fatal error on {where}"
        text = (f"The adapter reported a fatal internal error (IBV_EVENT_DEVICE_FATAL) on {where}; every connection on it is gone. "
                "The HCA needs a reset and its firmware/hardware checked.")
        fix = ["Drain the node; reload the mlx5 drivers or reboot; update the NIC firmware (mlxfwmanager); RMA the adapter if it recurs."]
    elif ev:
        what = f"port error on {where}"
        text = (f"The RDMA port {where} lost its link (IBV_EVENT_PORT_ERR) while NCCL was using it. Transfers in flight fail with "
                "retry-exceeded/flush completion errors and the job stops or hangs.")
        fix = ["Drain the node and restart the job elsewhere.", f"Check the cable/transceiver and the switch port of {where}; replace a flapping cable."]
    elif merr:
        what = f"cable module error on {pci or 'mlx5'}: {merr}"
        text = f"The NIC's cable module reported an error ({mstatus}, {merr}); the firmware takes the link down to protect it."
        if "Temperature" in str(merr):
            fix.append("The optics overheat: improve airflow at the NIC cages or use passive DAC / lower-power modules.")
        else:
            fix.append("Reseat or replace the cable/transceiver; check it is a supported part and the slot provides enough power.")
    elif mstatus:
        what = f"cable unplugged on {pci}"
        text = f"The NIC at {pci} reports its cable module as unplugged: the link is down until it is reseated or replaced."
        fix.append("Reseat or replace the cable/transceiver on that port.")
    elif netdev:
        what = f"{netdev} link down"
        text = (f"The RoCE/Ethernet interface {netdev} ({pci}) lost its link. Mid-run this breaks every RDMA connection using it; "
                "a single 'Link down' at boot before 'Link up' is normal.")
        fix.append(f"Check the cable and the switch port of {netdev}; ethtool -S {netdev} | grep -i link_down for the count.")
    else:
        what = f"{where} is DOWN" + (f" (physical state {phys})" if phys else "")
        text = (f"The tools show {where} DOWN{f' with physical state {phys}' if phys else ''}: "
                + ("a cable is present but the link does not train (cable, transceiver, switch port or subnet manager). "
                   if phys and str(phys).upper().startswith("POLL") else "")
                + "Ports NCCL does not use may be down by design; compare with NCCL_IB_HCA / the 'NET/IB : Using' line.")
        fix.append("If NCCL uses this port: reseat/replace the cable and check the switch port; otherwise exclude it with NCCL_IB_HCA.")
    fix.append(_CHECK)
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
