"""Computed diagnosis for carla.version-mismatch: release numbers compared, suffix-only differences told apart."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REL = re.compile(r"(\d+)\.(\d+)\.(\d+)")


def _release(v: str) -> tuple[int, int, int] | None:
    m = _REL.match(v)
    return (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    client = facts.get("client_version")
    server = facts.get("server_version")
    if not client or not server:
        sig = facts.get("_signature")
        if sig in ("bad-cast-on-call", "rpc-error-version-call"):
            what = "std::bad_cast while decoding a reply" if sig == "bad-cast-on-call" else "the server rejected the client's version RPC"
            return Explanation(
                text=(f"The CARLA client failed at its first RPC ({what}): the carla Python package is from another release "
                      "than the running simulator (e.g. a pip-installed carla next to a server of another version)."),
                fix=("python -c \"import carla; print(carla.__file__)\" and compare with the server release; pip install carla==<server release> "
                     "or use the .whl/.egg in the server's PythonAPI/carla/dist.",
                     "pip uninstall carla if the examples should use the egg from the CARLA folder (PYTHONPATH)."),
                derived={"kind": "protocol error without version warning"},
            )
        return None
    c, s = _release(str(client)), _release(str(server))
    srel = ".".join(map(str, s)) if s else str(server)
    if c is None or s is None:
        text = (f"Client {client} vs simulator {server}: one side is a build from a git commit (hash instead of a release). "
                "If that commit belongs to the same release as the other side this is harmless; otherwise install the matching client.")
        return Explanation(text=text, fix=(f"pip install carla=={srel} if the scripts crash or do nothing after connecting.",),
                           derived={"kind": "commit-hash build"})
    if c == s:
        return Explanation(
            text=f"Client {client} and simulator {server} are the same release {srel}; only the build suffix differs (source build, -dirty). Usually harmless: look for another error.",
            fix=("Install the wheel built with the server (PythonAPI/carla/dist) to silence it.",),
            derived={"kind": "suffix only", "same_release": True},
        )
    older = "older" if c < s else "newer"
    return Explanation(
        text=f"The client library ({client}) is {older} than the running simulator ({server}): different releases speak different RPC protocols, so crashes (std::bad_alloc, segfault), time-outs or missing actors follow.",
        fix=(f"pip install carla=={srel} (or the .whl/.egg in the server's PythonAPI/carla/dist).",
             "Remove other carla eggs from PythonAPI/carla/dist and PYTHONPATH; check carla.__file__."),
        derived={"kind": "different release", "same_release": False},
    )
