"""Computed diagnosis for conda.tos-not-accepted: the exact accept commands for the listed channels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = [facts.get(k) for k in ("ch_main", "ch_r", "ch_msys2") if facts.get(k)]
    channels: list[str] = []
    for c in raw:
        c = str(c).rstrip("/.")
        if c and c not in channels:
            channels.append(c)
    rejected = facts.get("_signature") == "rejected"
    if not channels:
        channels = ["https://repo.anaconda.com/pkgs/main", "https://repo.anaconda.com/pkgs/r"]
        listed = "the Anaconda default channels"
    else:
        listed = ", ".join(channels)
    accept = " ".join(f"--channel {c}" for c in channels)
    text = (
        f"conda stopped before solving: the Terms of Service of {listed} "
        + ("were rejected earlier" if rejected else "have not been accepted, and this session cannot prompt")
        + ". The environment itself is not the problem."
    )
    fix = (
        f"conda tos accept --override-channels {accept}",
        "In CI / Docker / installer scripts: export CONDA_PLUGINS_AUTO_ACCEPT_TOS=yes before the first conda command.",
        "Or drop the defaults channels: conda config --remove channels defaults; conda config --add channels conda-forge (or use Miniforge).",
    )
    if any(c.endswith("/msys2") for c in channels):
        fix = fix + ("pkgs/msys2 is listed (Windows): it needs its own acceptance like the others.",)
    return Explanation(text=text, fix=fix, derived={"channels": ", ".join(channels)})
