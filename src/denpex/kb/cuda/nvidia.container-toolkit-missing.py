"""Computed diagnosis for nvidia.container-toolkit-missing: --gpus vs compose driver vs --runtime=nvidia."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INSTALL = "sudo apt-get install -y nvidia-container-toolkit  (dnf/zypper on RPM distributions)"
_CONFIGURE = "sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    driver = facts.get("device_driver")
    runtime = facts.get("runtime")
    if runtime:
        return Explanation(
            text=(
                f"The container asks for the OCI runtime '{runtime}' (--runtime={runtime} or runtime: {runtime} in compose), "
                "but the Docker daemon's daemon.json does not declare it."
            ),
            fix=(_INSTALL, _CONFIGURE, "Or drop --runtime=nvidia and use --gpus all (compose: deploy.resources.reservations.devices with capabilities: [gpu])."),
            derived={"request": "runtime"},
        )
    if driver is None:
        return None
    how = "--gpus (or a compose device request without a driver)" if driver == "" else f"a compose device request with driver: {driver}"
    return Explanation(
        text=(
            f"The container was started with {how}, and no Docker device driver provides the 'gpu' capability: "
            "the NVIDIA Container Toolkit is not installed or the daemon was not restarted after installing it."
        ),
        fix=(_INSTALL, _CONFIGURE, "Verify: docker run --rm --gpus all ubuntu nvidia-smi (and nvidia-smi on the host first)."),
        derived={"request": "device-driver"},
    )
