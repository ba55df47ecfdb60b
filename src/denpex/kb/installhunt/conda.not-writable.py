"""Computed diagnosis for conda.not-writable: which conda file, whose, and the matching fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    uid = facts.get("uid")
    gid = facts.get("gid")
    norm = path.replace("\\", "/")
    if re.search(r"/\.conda/", norm) or norm.endswith("environments.txt"):
        location = "user ~/.conda directory"
        fix = (f"sudo chown -R {uid if uid is not None else '$(id -u)'}:{gid if gid is not None else '$(id -g)'} ~/.conda  (root-owned after a sudo conda run)",
               "Then stop using sudo with conda.")
    elif re.search(r"^/(?:opt|srv|usr)/", norm) or "/pkgs/" in norm:
        location = "shared install package cache" if re.search(r"^/(?:opt|srv|usr)/", norm) else "install package cache"
        fix = ("Use a per-user cache and env dir: conda config --add pkgs_dirs ~/.conda/pkgs && conda config --add envs_dirs ~/.conda/envs",
               "Or, if this install is yours: sudo chown -R $(id -u):$(id -g) " + (norm.split("/pkgs/")[0] if "/pkgs/" in norm else path))
    else:
        location = "conda path"
        fix = ("Give your user write access to the path (or its install), or point pkgs_dirs/envs_dirs to your home directory.",)
    text = f"conda could not write {path or 'a file it needs'} ({location})"
    if uid is not None:
        text += f"; you are uid {uid}"
    text += ": the file or folder belongs to another user (often root after sudo conda, or a shared install)."
    return Explanation(text=text, fix=fix, derived={"location": location})
