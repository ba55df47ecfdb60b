"""Computed diagnosis for podman.cdi-device-unresolvable: Podman without CDI vs a missing CDI spec."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    device = str(facts.get("device") or "nvidia.com/gpu=all")
    fix: list[str] = []
    emulated = bool(facts.get("emulated_docker"))
    stat_form = facts.get("_signature") == "stat-without-cdi"
    if stat_form:
        diagnosis = "this Podman has no CDI support (needs 4.1+)"
        text = (f"Podman took '{device}' for a path on the host: versions before 4.1 do not resolve CDI names.")
        fix.append("Upgrade Podman to 4.1 or newer, or use the nvidia-container-runtime hook with this Podman.")
    else:
        diagnosis = "no readable CDI spec defines it"
        text = (f"No CDI spec in /etc/cdi or /var/run/cdi that Podman could read defines '{device}'.")
        fix.append("sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml && sudo chmod 644 /etc/cdi/nvidia.yaml; "
                   "then nvidia-ctk cdi list must show it.")
        if emulated:
            fix.append("The docker command here is Podman's emulation: --gpus=all is turned into this CDI request, so the "
                       "same spec is needed.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
