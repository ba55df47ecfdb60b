"""Computed diagnosis for openmpi.version-mismatch: where the unpack failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STAGE = {
    "grpcomm": "the daemons' collective exchange at launch (mpirun <-> orted)",
    "nidmap": "building the node map from mpirun's data",
    "odls": "the remote daemon decoding the launch message",
    "dpm": "connect/accept between jobs",
    "show_help": "forwarding a help message to mpirun",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    src = str(facts.get("src_file") or "")
    line = facts.get("src_line")
    stage = ""
    for key, what in _STAGE.items():
        if key in src:
            stage = what
            break
    if sig == "btl-magic-id":
        where = "TCP BTL handshake between ranks"
    elif src:
        where = f"{src}:{line}" if line is not None else src
    else:
        where = "ORTE runtime startup"
    text = (f"Decoding a runtime message failed in {where}" + (f" ({stage})" if stage else "") +
            ": the sender and receiver are different Open MPI versions.")
    fix = (
        "Compare: for h in <hosts>; do ssh $h 'which mpirun orted; mpirun --version | head -1'; done",
        "Make all nodes use one install: mpirun --prefix <openmpi-dir> ... or set PATH/LD_LIBRARY_PATH for non-interactive ssh.",
    )
    return Explanation(text=text, fix=fix, derived={"where": where})
