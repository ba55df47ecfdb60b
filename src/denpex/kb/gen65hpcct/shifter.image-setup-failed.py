"""Computed diagnosis for shifter.image-setup-failed: image unknown to the gateway, node cannot mount it, or root."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    reason = str(facts.get("reason") or "")
    path = str(facts.get("image_path") or "")
    fix: list[str] = []
    if sig in {"lookup-aborting", "find-requested"}:
        diagnosis = "the image gateway has no READY image under the requested name"
        text = "The --image value did not resolve to a pulled image on the Shifter image gateway."
        fix.append("shifterimg pull docker:<name>:<tag>, wait for READY in shifterimg images, and pass exactly that "
                   "name in --image (not an image id).")
    elif sig == "run-as-root":
        diagnosis = "shifter was run as root or for a user it does not know"
        text = "Shifter refuses uid 0 and users missing from its passwd/group data."
        fix.append("Run the job as a normal user; ask the admins to refresh Shifter's user database for new accounts.")
    elif "squashfs" in reason:
        diagnosis = "this node cannot mount squashfs images"
        text = f"setupRoot could not loop-mount {path or 'the image'}: the node kernel reports no squashfs support."
        fix.append("modprobe squashfs loop on the compute nodes (or add them to the node image).")
    else:
        diagnosis = "setupRoot could not mount the image on this node"
        text = f"Loop-mounting {path or 'the image'} failed on the compute node."
        fix.append("Check that the image directory is visible on the node and that loop devices are available.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
