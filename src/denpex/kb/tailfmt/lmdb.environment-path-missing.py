"""Computed diagnosis for lmdb.environment-path-missing: what is wrong with the path lmdb was given."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if "path" not in facts and "reason" not in facts:
        return None
    path = str(facts.get("path") or "").strip()
    reason = str(facts.get("reason") or "")
    if not path:
        return Explanation(
            text="lmdb.open received an empty path: the dataset root option or config key was never set.",
            fix=("Set the dataset root (config / command-line option) to the directory containing data.mdb.",),
            derived={"hint": "lmdb.open got an empty path (dataset root option not set)"},
        )
    if reason == "Not a directory" or path.endswith(".mdb"):
        parent = path.rsplit("/", 1)[0] if "/" in path else "."
        return Explanation(
            text=f"'{path}' is a file, but lmdb expects the folder that holds data.mdb (subdir=True).",
            fix=(f"Pass the folder '{parent}' instead, or open the file with lmdb.open('{path}', subdir=False).",),
            derived={"hint": f"'{path}' is the .mdb file; pass its folder (or subdir=False)"},
        )
    fix = [f"ls -la '{path}'  # it must be a directory containing data.mdb and lock.mdb",
           "Build or re-download the LMDB dataset, then point the root option at that directory."]
    if path.startswith(("/share/", "/home/", "/data/", "/mnt/", "/N/", "/nfs/")):
        hint = f"'{path}' is missing or has no data.mdb (path from another machine, or dataset not built/fully downloaded)"
        text = f"'{path}' does not exist here: typically the authors' default path, or a dataset that was not built/downloaded."
    elif path.startswith(("./", "../")) or not path.startswith(("/", "\\")) and ":" not in path[:3]:
        hint = f"relative path '{path}' does not resolve from the current working directory"
        text = f"'{path}' is relative: it is resolved from the directory the script was started in, where it does not exist."
        fix.insert(0, "Run from the repository root, or give an absolute path.")
    else:
        hint = f"'{path}' does not exist or has no data.mdb ({reason})"
        text = f"'{path}' does not exist or lacks data.mdb."
    return Explanation(text=text, fix=tuple(fix), derived={"hint": hint})
