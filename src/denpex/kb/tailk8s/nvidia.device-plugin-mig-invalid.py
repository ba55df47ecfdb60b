"""Computed diagnosis for nvidia.device-plugin-mig-invalid: which GPU, and missing instances vs missing monitor access."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    if sig == "mig-memory-insufficient-permissions":
        return Explanation(
            text=("NVML refused to read MIG device memory from inside the plugin container: the container was not given MIG monitor "
                  "access (NVIDIA_MIG_MONITOR_DEVICES=all is missing from the plugin's environment)."),
            fix=("kubectl set env ds/<device-plugin> -n <ns> NVIDIA_MIG_MONITOR_DEVICES=all  # or use the official Helm chart, which sets it",
                 "kubectl delete pod -n <ns> -l <device-plugin selector>  # restart with the new environment"),
            derived={"diagnosis": "no MIG monitor access in the plugin container"},
        )
    dev = str(facts.get("device") or "")
    idx = facts.get("index")
    gpu = dev.replace("/dev/nvidia", "") if dev else (str(idx) if idx is not None else "<gpu>")
    uuid = str(facts.get("uuid") or "")
    where = f"GPU {gpu}" + (f" ({uuid})" if uuid else "")
    return Explanation(
        text=(f"{where} has MIG mode enabled but no usable MIG instances (or a layout that does not fit the MIG strategy): "
              "MIG instances are lost at every reboot and must be re-created, and migStrategy=single needs identical instances on every MIG GPU."),
        fix=(f"nvidia-smi -L  # check GPU {gpu} lists MIG devices",
             f"sudo nvidia-smi mig -i {gpu} -cgi <profile list> -C   # or GPU operator: kubectl label node <node> nvidia.com/mig.config=<layout> --overwrite",
             f"Or use GPU {gpu} whole: sudo nvidia-smi -i {gpu} -mig 0 (drain first) and run the plugin with migStrategy none; mixed layouts need migStrategy=mixed.",
             "Restart the device plugin pod afterwards."),
        derived={"diagnosis": f"MIG enabled without valid instances on GPU {gpu}"},
    )
