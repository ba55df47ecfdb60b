"""Computed diagnosis for hailort.status-error: map the status name to its cause and fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CAUSES = {
    "HAILO_INVALID_DRIVER_VERSION": ("libhailort and the hailo_pci kernel driver come from different HailoRT releases",
                                     "Install the hailo-dkms/hailo_pci driver of the same version as libhailort (or the reverse) and reboot; in containers match the image's HailoRT to the host driver."),
    "HAILO_OUT_OF_PHYSICAL_DEVICES": ("no free Hailo device: another process holds it, or the PCIe device is not detected",
                                      "Stop the other user (lsof /dev/hailo0) or use the hailort multi-process service; check lspci / dmesg | grep hailo."),
    "HAILO_INVALID_SERVICE_VERSION": ("the hailort multi-process service runs another version than the library",
                                      "Restart/upgrade hailort.service to the library's version (sudo systemctl restart hailort) or disable the service."),
    "HAILO_INVALID_FIRMWARE_VERSION": ("the chip's firmware does not match libhailort",
                                       "Update the firmware with the HailoRT release you use (hailortcli fw-update / firmware package) and reboot."),
    "HAILO_INVALID_HEF": ("the .hef file is not valid for this runtime/chip",
                          "Use a HEF compiled for this chip (hailo8 vs hailo8l) with a Dataflow Compiler compatible with this HailoRT."),
    "HAILO_INVALID_ARGUMENT": ("an argument (often the HEF for another architecture or compiler version) was rejected",
                               "Check the HEF's target (hailortcli parse-hef model.hef) against the device (hailortcli fw-control identify)."),
    "HAILO_INTERNAL_FAILURE": ("an internal check failed (on Raspberry Pi 5 usually the descriptor page size)",
                               "On Raspberry Pi 5 set 'options hailo_pci force_desc_page_size=4096' in /etc/modprobe.d/hailo_pci.conf and reboot."),
    "HAILO_RPC_FAILED": ("the call to the hailort service failed (service crashed or restarted)",
                         "Restart hailort.service and check its log (journalctl -u hailort)."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    status = str(facts.get("status") or "").strip()
    if not status:
        return None
    code = facts.get("status_code")
    label = f"{status}({code})" if code is not None else status
    cause, fix = _CAUSES.get(status, ("HailoRT returned this status",
                                      "Check versions (hailortcli fw-control identify, dmesg | grep hailo, pip show hailort) and the HEF target."))
    return Explanation(text=f"HailoRT failed with {label}: {cause}.", fix=(fix,), derived={"status": status})
