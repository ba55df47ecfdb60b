"""Computed diagnosis for neuron.runtime-error: NRT status codes and core reservation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NRT = {
    1: ("NRT_FAILURE", "non-specific failure"), 2: ("NRT_INVALID", "invalid input (NEFF, tensor name or size)"),
    3: ("NRT_INVALID_HANDLE", "invalid handle"), 4: ("NRT_RESOURCE", "a resource - usually device memory - could not be allocated"),
    5: ("NRT_TIMEOUT", "operation timed out"), 6: ("NRT_HW_ERROR", "hardware failure"),
    9: ("NRT_LOAD_NOT_ENOUGH_NC", "not enough NeuronCores to load the NEFF"),
    10: ("NRT_UNSUPPORTED_NEFF_VERSION", "the NEFF was built by a newer compiler than this runtime supports"),
    11: ("NRT_FAIL_HOST_MEM_ALLOC", "host memory allocation failed"), 13: ("NRT_UNINITIALIZED", "called before nrt_init"),
    1002: ("NRT_EXEC_BAD_INPUT", "invalid input to exec (shape/name mismatch)"),
    1003: ("NRT_EXEC_COMPLETED_WITH_NUM_ERR", "execution produced NaN/numerical errors"),
    1004: ("NRT_EXEC_COMPLETED_WITH_ERR", "execution completed with errors (a fault on the core; see the runtime log above)"),
    1005: ("NRT_EXEC_NC_BUSY", "the NeuronCore is busy/locked by another model or process"),
    1006: ("NRT_EXEC_OOB", "an indirect copy/embedding update went out of bounds (bad indices)"),
    1200: ("NRT_EXEC_HW_ERR_COLLECTIVES", "stuck in a collective, possibly a hardware error on another worker"),
    1201: ("NRT_EXEC_HW_ERR_HBM_UE", "uncorrectable HBM error"), 1202: ("NRT_EXEC_HW_ERR_NC_UE", "NeuronCore on-chip memory parity error"),
    1203: ("NRT_EXEC_HW_ERR_DMA_ABORT", "DMA engine unrecoverable error"), 1206: ("NRT_NETWORK_PROXY_FAILURE", "EFA/network proxy failure in collectives"),
}
_BY_NAME = {v[0]: k for k, v in _NRT.items()}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if facts.get("requested") is not None:
        req, avail = facts["requested"], facts.get("available")
        derived["what"] = f"NeuronCores busy (requested {req}, available {avail})"
        text = (f"The runtime asked for NeuronCores {req} and {avail} were free: another process already holds them. NeuronCores are reserved per process "
                "(all visible cores by default) until that process exits.")
        fix += ["neuron-ls shows the PID holding each device: stop it (shut down other Jupyter kernels, the old server, a pod still terminating) and rerun.",
                "To run several processes, give each its own cores: NEURON_RT_VISIBLE_CORES=0-1 / 2-3 (or NEURON_RT_NUM_CORES), or request aws.amazon.com/neuroncore per pod."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    code = facts.get("nrt_status")
    name = facts.get("nrt_name")
    if code is None and name:
        code = _BY_NAME.get(str(name))
    call = facts.get("nrt_call")
    if code is None and facts.get("_signature") == "pytorch-neuron-runtime-not-initialized":
        derived["what"] = "the torch-neuron runtime could not reach the Neuron driver"
        text = ("torch-neuron (Inf1) could not initialise its runtime: the Neuron driver is not loaded, the device is not visible "
                "to this process (container without /dev/neuron*), or the neuron-rtd daemon of older SDKs is not running.")
        fix += ["Check the driver and devices: lsmod | grep neuron; ls /dev/neuron*; neuron-ls (install or reinstall aws-neuronx-dkms / aws-neuron-dkms and reboot if missing).",
                "In a container, pass the devices (--device=/dev/neuron0 ...) or request aws.amazon.com/neuron in the pod; read the driver messages with dmesg | grep -i neuron.",
                "On pre-2.x Inf1 SDKs start the runtime daemon: sudo systemctl start neuron-rtd."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    if code is None:
        derived["what"] = "runtime could not start (no NeuronCores available)"
        text = "The Neuron runtime could not initialise: no device or no free NeuronCore is visible to this process (usually another process holds them)."
        fix += ["Check neuron-ls for processes holding the devices and stop them; check that /dev/neuron* is mapped into the container."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    code = int(code)
    nm, meaning = _NRT.get(code, (str(name or f"status {code}"), "see nrt_status.h"))
    derived["nrt_name"] = nm
    derived["what"] = f"{call or 'NRT call'} returned {code} ({nm})"
    text = f"{call or 'A Neuron runtime call'} failed with status {code} = {nm}: {meaning}."
    if code == 4:
        fix += ["Spread the model over more cores (higher tp_degree / --tensor-parallel-size), lower batch size or max sequence length, or use an instance with more Neuron devices.",
                "Make sure no other model is loaded on the same cores (neuron-top shows device memory per core)."]
    elif code == 10:
        fix += ["Upgrade the Neuron runtime/driver to the SDK release of the compiler that built the NEFF, or recompile with the installed SDK."]
    elif code in (9, 1005):
        fix += ["Free the cores (stop other processes) or request fewer cores than are visible; check NEURON_RT_VISIBLE_CORES."]
    elif code >= 1200 or code == 6:
        fix += ["Treat it as a hardware/fabric fault: rerun on another instance, check neuron-monitor / dmesg for hardware errors, and report the nrt_infodump block to AWS."]
    else:
        fix += ["Read the NRT ERROR lines just above the failure for the failing NEFF/tensor; rerun with NEURON_RT_LOG_LEVEL=INFO for more detail."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
