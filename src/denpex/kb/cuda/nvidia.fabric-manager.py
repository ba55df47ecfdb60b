"""Computed diagnosis for nvidia.fabric-manager: which part of the NVSwitch fabric bring-up failed and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CHECK = "Check on the host: systemctl status nvidia-fabricmanager; nvidia-smi -q | grep -i -A2 Fabric (must say Completed)."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fm_v, drv_v = facts.get("fm_version"), facts.get("driver_version")
    err = str(facts.get("fm_error") or "")
    item = facts.get("fm_config_item")
    sxid = facts.get("sxid")
    if fm_v and drv_v:
        problem = f"Fabric Manager {fm_v} does not match driver {drv_v}"
        text = (f"nvidia-fabricmanager {fm_v} refuses to run with driver {drv_v}: the versions must be identical. "
                "Until it runs, CUDA on the NVSwitch GPUs fails with error 802.")
        fix = (f"Install nvidia-fabricmanager {drv_v} (same version as the loaded driver) or reinstall the driver at {fm_v}, "
               "then systemctl restart nvidia-fabricmanager (reboot if the kernel module was upgraded).", _CHECK)
    elif "NOTHING_TO_DO" in err:
        problem = "Fabric Manager found no NVSwitch (NV_WARN_NOTHING_TO_DO)"
        text = ("The Fabric Manager found no NVSwitch. On a PCIe or NVLink-bridge server that is expected and the service "
                "should simply be disabled; on Blackwell NVLink5 systems (B200/B300/GB200) it means NVLSM or the InfiniBand "
                "modules (mlx5_ib, ib_umad) are missing, so the fabric never initialises.")
        fix = ("NVSwitch system (HGX/DGX B200/B300, NVL72): install NVLSM, modprobe mlx5_ib ib_umad, restart nvidia-fabricmanager.",
               "PCIe / NVLink-bridge system: systemctl disable --now nvidia-fabricmanager (not needed) and look elsewhere for the CUDA error.")
    elif item:
        problem = f"invalid Fabric Manager config item {item}"
        text = f"nvidia-fabricmanager rejects its configuration: {item} in fabricmanager.cfg has an invalid value (or points at a missing file)."
        fix = (f"Fix {item} in /usr/share/nvidia/nvswitch/fabricmanager.cfg (check the paths and topology files exist), "
               "then systemctl restart nvidia-fabricmanager.", _CHECK)
    elif sxid is not None:
        link = facts.get("link")
        sw = facts.get("nvswitch")
        what = str(facts.get("sxid_text") or "").strip()
        problem = f"NVSwitch SXid {sxid}{f' on nvswitch{sw}' if sw is not None else ''}{f' link {link}' if link is not None else ''}"
        text = (f"NVSwitch {sw if sw is not None else '?'} reported SXid {sxid}{f' ({what})' if what else ''} on link "
                f"{link if link is not None else '?'}. Fatal SXids stall NVLink traffic of the GPUs behind that port; their "
                "jobs fail or hang until the GPUs and NVSwitches are reset.")
        fix = ("Drain the node; stop nvidia-fabricmanager, reset all GPUs and NVSwitches (nvidia-smi -r) or reboot, start it again.",
               "Run dcgmi diag -r 3 and nccl-tests across all GPUs; RMA the baseboard if the SXid recurs on the same switch/link.")
    elif facts.get("cuda_error_code") is not None or not err:
        problem = "CUDA error 802, the GPUs are not registered with the NVSwitch fabric"
        text = ("CUDA returned cudaErrorSystemNotReady (802, 'system not yet initialized'): on NVSwitch systems CUDA waits until "
                "the Fabric Manager has registered each GPU with the fabric. The service is missing, stopped, still starting, "
                "or at another version than the driver. nvidia-smi can still list the GPUs.")
        fix = ("On the host: install nvidia-fabricmanager at exactly the driver's version and systemctl enable --now nvidia-fabricmanager "
               "(Blackwell: also NVLSM and mlx5_ib/ib_umad).", _CHECK,
               "If it only happens right after boot or a GPU reset, wait for Fabric state Completed before starting jobs.")
    else:
        problem = "nvidia-fabricmanager failed to start"
        text = "The nvidia-fabricmanager service exited with an error; the lines before it in its journal say why (version mismatch, no NVSwitch, bad config)."
        fix = ("journalctl -u nvidia-fabricmanager -b --no-pager | tail -50, fix the reported problem, systemctl restart nvidia-fabricmanager.", _CHECK)
    return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
