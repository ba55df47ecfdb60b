"""Computed diagnosis for openvino.device-not-registered: case, removed plugins, or a device the
runtime does not drive, named for the device string this run asked for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REMOVED = {"MYRIAD": "2023.0", "HDDL": "2023.0", "GNA": "2024.6", "VPUX": "2023.1"}
_KNOWN = ("CPU", "GPU", "NPU", "AUTO", "HETERO", "MULTI", "BATCH")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    device = str(facts.get("device") or "").strip()
    if not device:
        return None
    base = device.split(".")[0].split(":")[0]
    upper = base.upper()
    parts: list[str] = []
    fix: list[str] = []
    if base != upper and upper in _KNOWN + tuple(_REMOVED):
        fixed = device.upper()
        parts.append(f"'{device}' is in lower case; OpenVINO device names are case-sensitive and registered as '{fixed}'.")
        fix.append(f"Pass '{fixed}' (or read the name from ov.Core().available_devices).")
    elif upper in _REMOVED:
        parts.append(f"The {upper} plugin was removed from OpenVINO in {_REMOVED[upper]}; this OpenVINO has no plugin for it.")
        fix.append(f"Use an OpenVINO release before {_REMOVED[upper]} (e.g. pip install 'openvino==2022.3.*' for MYRIAD/HDDL), or move to CPU/GPU/NPU.")
    elif upper in _KNOWN:
        parts.append(f"The '{upper}' plugin is not present in this OpenVINO installation (a frozen bundle or a trimmed package without the plugin library).")
        fix.append("Check the plugin libraries: ls <site-packages>/openvino/libs | grep plugin; for PyInstaller use --collect-all openvino.")
        if upper == "GPU":
            parts.append("On a machine with only an NVIDIA GPU there is nothing for it to drive: OpenVINO's GPU plugin targets Intel GPUs.")
    else:
        parts.append(f"'{device}' is not a device name OpenVINO knows (CPU, GPU[.n], NPU, AUTO, HETERO:..., MULTI:...).")
        fix.append("Print ov.Core().available_devices and use one of those names.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"device": device})
