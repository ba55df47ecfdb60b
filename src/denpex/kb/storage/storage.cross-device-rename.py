"""Computed diagnosis for storage.cross-device-rename: which two locations are on different mounts."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TEMP_ROOTS = ("/tmp", "/var/tmp", "/dev/shm", "/run/user")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("src") or "")
    dst = str(facts.get("dst") or "")
    if not src or not dst:
        return Explanation(
            text="A rename/replace crossed two filesystems (EXDEV). Put the temporary file on the destination's filesystem.",
            fix=("export TMPDIR=<output dir>/.tmp && mkdir -p $TMPDIR  # then rerun",
                 "In code: shutil.move for cross-filesystem moves, or write the temp file next to the target and os.replace"),
        )
    dst_dir = posixpath.dirname(dst.rstrip("/")) or "."
    src_is_temp = src.startswith(_TEMP_ROOTS) or "/tmp" in src.split("/")[:3]
    derived: dict[str, Any] = {"src_dir": posixpath.dirname(src.rstrip("/")), "dst_dir": dst_dir}
    text = (f"The file was written at {src} and then renamed to {dst}; the two directories are on different filesystems, "
            "so rename() cannot move it.")
    fix = [f"df -P {derived['src_dir']} {dst_dir}  # two mount points"]
    if src_is_temp:
        text += " The source is a temporary location: the writer uses the system temp dir, which is a different mount from the destination."
        fix.insert(0, f"export TMPDIR={dst_dir}/.tmp && mkdir -p $TMPDIR  # temp files on the destination's filesystem, then rerun")
        derived["cause"] = "tempdir-on-other-mount"
    else:
        fix.insert(0, f"Use shutil.move('{src}', '{dst}') (copy + delete) instead of os.rename/os.replace, or mount both directories from the same volume")
    fix.append("In your own save code: tempfile.NamedTemporaryFile(dir=os.path.dirname(dst), delete=False) then os.replace(tmp, dst)")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
