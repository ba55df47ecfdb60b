"""Computed diagnosis for cmdstanpy.cmdstan-missing: not installed vs. installed without binaries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "not-found":
        return Explanation(
            text="Neither $CMDSTAN nor ~/.cmdstan points at a CmdStan install.",
            fix=("python -c \"import cmdstanpy; cmdstanpy.install_cmdstan()\"",
                 "or, with conda-forge cmdstan, activate the env (conda activate <env>) before starting Python."),
            derived={"problem": "no CmdStan found"},
        )
    if sig == "missing-binaries":
        return Explanation(
            text="A CmdStan folder exists but its binaries were never built (interrupted or failed build).",
            fix=("install_cmdstan --overwrite (needs make and a C++ compiler), or point CMDSTAN at a complete install.",),
            derived={"problem": "CmdStan folder without binaries"},
        )
    return None
