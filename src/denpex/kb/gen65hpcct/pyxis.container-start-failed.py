"""Computed diagnosis for pyxis.container-start-failed: missing command, GPU hook, or other hook."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    command = str(facts.get("command") or "")
    nvcli = str(facts.get("nvcli_error") or "")
    fix: list[str] = []
    if command:
        diagnosis = f"{command} does not exist in the image"
        text = (f"enroot-switchroot could not execute {command}: the image does not contain it, or the image's "
                "entrypoint invoked it.")
        if command.endswith("bash"):
            fix.append("Use sh (alpine/busybox images have no bash) or install bash in the image.")
        fix.append("Add --no-container-entrypoint if the image's ENTRYPOINT is what calls it.")
    elif nvcli:
        diagnosis = f"the NVIDIA enroot hook failed (nvidia-container-cli: {nvcli})"
        text = ("nvidia-container-cli, run by enroot's NVIDIA hook to mount the driver into the container, failed on "
                "this node; the image is not at fault.")
        fix.append("Exclude the node (srun --exclude=<node>) and have its driver / ldconfig checked: "
                   "nvidia-container-cli -k -d /dev/tty info.")
    else:
        diagnosis = "enroot start failed"
        text = "An enroot hook or the container entrypoint failed; the enroot log lines after the error name it."
        fix.append("Retry with --no-container-entrypoint, then run enroot start by hand on that node.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
