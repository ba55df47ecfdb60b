"""Computed diagnosis for carla.module-api-missing: a missing Client vs a missing newer class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CORE = {"Client", "World", "Transform", "Location", "Rotation", "VehicleControl", "Actor"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attribute = str(facts.get("attribute") or "Client")
    if attribute in _CORE:
        diagnosis = "the compiled CARLA library is not what was imported"
        text = (f"'{attribute}' exists in every CARLA 0.9 client, so the module imported as carla is not the compiled "
                "library: a local carla.py/carla folder, the 0.8 PythonClient package, or an empty namespace package "
                "because no egg/wheel for this Python version is on sys.path.")
        fix = ("Run python -c \"import carla; print(carla.__file__)\" and remove/rename what it points to, "
               "then install the wheel/egg of the server's release for this Python version.",)
    else:
        diagnosis = f"an older carla release without {attribute}"
        text = (f"The imported carla has the core API but not '{attribute}', which later releases added: "
                "the client library is older than the script (or the server) expects.")
        fix = ("pip install carla==<server release> or add that release's PythonAPI/carla/dist egg/wheel, "
               "and remove older carla installs from site-packages and PYTHONPATH.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
