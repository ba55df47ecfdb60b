"""Computed diagnosis for colab.drive-mount-outside-kernel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("variable") or "")
    if not var:
        return None
    mnt = str(facts.get("mountpoint") or "/content/drive")
    eph = "EPHEM" in var
    text = (f"drive.mount('{mnt}') looked up {var}, which only the Colab notebook kernel has"
            f"{' (ephemeral/credential-less mount path)' if eph else ''}: this process was started outside it "
            "(SSH/terminal session, background job, or not a Colab runtime).")
    fix = [f"In a notebook cell: from google.colab import drive; drive.mount('{'/content/drive' if not mnt.startswith('/content') else mnt}')"]
    if not mnt.startswith("/content"):
        fix.append(f"Then link the mount where the script expects it: ln -s /content/drive {mnt}")
    fix.append("Remove drive.mount() from the script and read the mounted path directly.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": "drive.mount outside the notebook kernel"})
