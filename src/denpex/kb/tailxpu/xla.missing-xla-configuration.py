"""Computed diagnosis for xla.missing-xla-configuration: TPU probe on a non-TPU machine vs missing XRT setup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    prober = str(facts.get("prober") or "").strip()
    if sig == "xrt-runstep-unimplemented":
        return Explanation(
            text=("XRT_TPU_CONFIG points at a gRPC server that is not a TPU node's XRT worker (a TPU VM runs the TPU "
                  "runtime locally, or the host/port is wrong)."),
            fix=("On a TPU VM: unset XRT_TPU_CONFIG and use PJRT (export PJRT_DEVICE=TPU with torch_xla 1.13+),",
                 "or for XRT on the VM itself: export XRT_TPU_CONFIG=\"localservice;0;localhost:51011\"."),
            derived={"diagnosis": "XRT pointed at a non-XRT server"},
        )
    if sig != "missing-xla-configuration":
        return None
    if prober:
        return Explanation(
            text=(f"{prober} probed for a TPU because torch_xla is installed, and torch_xla's XRT runtime found no device "
                  "configuration. On a GPU/CPU machine the fix is to remove torch_xla, not to configure it."),
            fix=("pip uninstall -y torch_xla torch-xla  # GPU/CPU machine",
                 "On a TPU: export XRT_TPU_CONFIG=\"tpu_worker;0;$TPU_IP_ADDRESS:8470\" (torch_xla 1.x) or PJRT_DEVICE=TPU (1.13+)."),
            derived={"diagnosis": f"TPU probe by {prober} on a machine without TPU configuration"},
        )
    return Explanation(
        text="torch_xla's XRT runtime started without any device variables (XRT_TPU_CONFIG, TPU_NUM_DEVICES, GPU_NUM_DEVICES, XRT_DEVICE_MAP).",
        fix=("TPU node: export XRT_TPU_CONFIG=\"tpu_worker;0;$TPU_IP_ADDRESS:8470\"; XLA on GPU: export GPU_NUM_DEVICES=<n>;",
             "torch_xla 1.13+: export PJRT_DEVICE=TPU|CUDA|CPU instead; no TPU intended: pip uninstall torch_xla."),
        derived={"diagnosis": "XRT device configuration missing"},
    )
