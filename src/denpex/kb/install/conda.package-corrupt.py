"""Computed diagnosis for conda.package-corrupt: the broken cache folder and the exact cleanup command."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg_path = str(facts.get("pkg_path") or "").strip()
    archive = str(facts.get("archive") or "").replace("\\\\", "\\")
    package = str(facts.get("package") or "")
    missing = str(facts.get("missing") or "")
    target = pkg_path or archive
    if not target:
        return None
    sep = "\\" if "\\" in target else "/"
    parts = target.rstrip("/\\").split(sep)
    derived: dict[str, Any] = {}
    pkgs_dir = ""
    entry = ""
    if "pkgs" in parts:
        i = len(parts) - 1 - parts[::-1].index("pkgs")
        pkgs_dir = sep.join(parts[: i + 1])
        entry = parts[i + 1] if i + 1 < len(parts) else ""
    derived["pkgs_dir"] = pkgs_dir or target
    if not package and entry:
        package = re.split(r"-[0-9]", entry, maxsplit=1)[0]
        derived["package"] = package
    entry = re.sub(r"\.(conda|tar\.bz2|tar\.zst)$", "", entry)
    text = [f"The extracted copy of {package or 'the package'} in conda's cache ({pkgs_dir or target}) is incomplete"
            + (f"; e.g. '{missing}' is missing." if missing else ".")]
    fix = []
    if entry and pkgs_dir:
        if sep == "\\":
            fix.append(f'rmdir /s /q "{pkgs_dir}{sep}{entry}" & del "{pkgs_dir}{sep}{entry}.conda" "{pkgs_dir}{sep}{entry}.tar.bz2"  (or conda clean --packages --tarballs -y), then re-run the install.')
        else:
            fix.append(f"rm -rf {pkgs_dir}/{entry} {pkgs_dir}/{entry}.conda {pkgs_dir}/{entry}.tar.bz2  (or conda clean --packages --tarballs -y), then re-run the install.")
    else:
        fix.append("conda clean --packages --tarballs -y, then re-run the install.")
    if sep == "\\" and (len(missing) + len(target) > 200 or " " in target):
        text.append("The path is long and/or contains spaces on Windows; files under it can fail to extract.")
        fix.append("Install conda (or the app bundling it) at a short path without spaces, and enable Windows long paths.")
    if package in ("pytorch", "cudatoolkit", "tensorflow-base", "mkl"):
        fix.append("Make sure several GB are free on that drive before retrying; these packages are large.")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived=derived)
