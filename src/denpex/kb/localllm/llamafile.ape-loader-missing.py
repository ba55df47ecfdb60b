"""Computed diagnosis for llamafile.ape-loader-missing: the commands for this file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    f = facts.get("file")
    if not f:
        return None
    f = str(f)
    sig = facts.get("_signature")
    derived: dict[str, Any] = {"file": f}
    if sig == "run-detectors":
        why = ("binfmt-support's run-detectors got the file because an MZ handler (WINE / Mono) is registered, and it found no "
               "interpreter for it.")
        derived["handler"] = "binfmt-support (WINE/Mono MZ rule)"
    else:
        why = "The shell got Exec format error: a binfmt_misc MZ handler (WSL interop on WSL) claimed the APE file."
        derived["handler"] = "MZ binfmt handler (WSLInterop on WSL)"
    text = f"{f} is an Actually Portable Executable that the kernel did not run natively. {why}"
    fix = (f"Bypass now: sh {f} (same arguments).",
           "Install /usr/bin/ape (ape-$(uname -m).elf from cosmo.zip) and register ':APE:M::MZqFpD::/usr/bin/ape:' and "
           "':APE-jart:M::jartsr::/usr/bin/ape:' in /etc/binfmt.d/ape.conf, then sudo systemctl restart systemd-binfmt.",
           "On WSL: sudo sh -c 'echo -1 > /proc/sys/fs/binfmt_misc/WSLInterop' before running.")
    return Explanation(text=text, fix=fix, derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
