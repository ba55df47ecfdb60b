"""Computed diagnosis for checkpoint.safetensors-no-such-device: folder path or a mount without mmap."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NETWORK_HINTS = ("/mnt/", "/net/", "/nfs", "/ceph", "/s3", "/gcs", "/dbfs", "/Volumes/", "/media/", "//")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("model_path") or "").strip()
    if not path:
        return Explanation(
            text=("safetensors could not memory-map a weights file (ENODEV). The log does not show the path: check whether the "
                  "loader got a folder instead of a .safetensors file, or whether the file is on a network/FUSE/WSL/Docker mount."),
            fix=("Find the file being loaded (the frame above safe_open) and run: stat -f -c %T <file>; copy it to local disk "
                 "if the type is fuse/ceph/nfs/cifs/9p.",),
            derived={"where": " (folder path or a mount without mmap; the log does not name the file)"},
        )
    derived: dict[str, Any] = {"model_path": path}
    base = path.rstrip("/\\").rsplit("/", 1)[-1]
    if path.endswith(("/", "\\")) or ("." not in base):
        derived["where"] = f" ({path} looks like a folder, not a .safetensors file)"
        text = (f"The loader was given '{path}', which looks like a directory: safetensors can only map a single file, "
                "and mapping a directory fails with ENODEV ('No such device').")
        fix = (f"Point the config at the weights file inside it (e.g. {path.rstrip('/')}/<name>.safetensors), or use a loader/"
               "model type that takes a folder (diffusers repo layout).",
               "If it is a file on a network/FUSE mount, copy it to local disk instead.")
    elif any(h in path for h in _NETWORK_HINTS):
        derived["where"] = f" ({path} is on a mount that may not support mmap)"
        text = (f"'{path}' is under a mount point; network, FUSE and WSL/Docker mounts often cannot memory-map files, "
                "which safetensors needs.")
        fix = (f"Copy it to a local disk and load from there: cp '{path}' ~/models/ (WSL: the Linux file system, not /mnt/c).",
               f"Check the file system type: stat -f -c %T '{path}'.")
    else:
        derived["where"] = f" ({path})"
        text = (f"Mapping '{path}' failed with ENODEV: either it is a directory or its file system cannot mmap.")
        fix = (f"Test it: python -c \"import os; print(os.path.isdir('{path}'))\"; then check stat -f -c %T '{path}'.",)
    return Explanation(text=text, fix=fix, derived=derived)
