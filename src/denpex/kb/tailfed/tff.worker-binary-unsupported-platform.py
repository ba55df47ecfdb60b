"""Computed diagnosis for tff.worker-binary-unsupported-platform: which platform problem the failure shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    binary = str(facts.get("binary") or "")
    sig = str(facts.get("signal") or "")
    if not binary:
        return None
    if sig:
        if sig == "SIGILL":
            diag = "CPU lacks an instruction the binary uses"
            text = (f"{binary} started and was killed by SIGILL: this CPU does not support an instruction extension "
                    "the shipped binary was compiled with.")
            fix = ("Run on another machine type / runtime (a recent x86-64 CPU), or pin a TFF release whose binary runs there.",)
        else:
            diag = f"worker binary killed by {sig}"
            text = f"{binary} died with {sig} before the executor came up."
            fix = (f"Start it by hand to see its output: {binary} --port=8000",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
    if binary.startswith("/Users/") or "/Library/" in binary:
        diag = "macOS cannot run the Linux x86-64 worker binary"
    elif ":\\" in binary or binary[1:3] == ":/":
        diag = "Windows cannot run the Linux x86-64 worker binary"
    else:
        diag = "binary built for another CPU architecture (Linux x86-64 only)"
    return Explanation(
        text=f"The OS refused to execute {binary} (Errno 8): {diag}.",
        fix=("Run TFF on Linux x86-64 (VM, WSL2, cloud instance or an x86 Linux container).",
             f"file {binary}  # shows ELF 64-bit x86-64"),
        derived={"diagnosis": diag},
    )
