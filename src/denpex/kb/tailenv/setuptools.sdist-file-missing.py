"""Computed diagnosis for setuptools.sdist-file-missing: which package and which file."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PIP_TMP = re.compile(r"pip-(?:install|build|req-build)[-_][^/\\]+[/\\](?P<pkg>[^/\\]+)[/\\]", re.ASCII)


def _package(*paths: str) -> str:
    for p in paths:
        m = _PIP_TMP.search(p or "")
        if m:
            return m.group("pkg")
    return ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    file = str(facts.get("file") or "").strip()
    if not file:
        return None
    path = str(facts.get("path") or file)
    setup_py = str(facts.get("setup_py") or "")
    pkg = _package(path, setup_py)
    low = file.lower()
    if low.startswith("requirements"):
        kind = "the dependency list"
        maint = f"include {file} in MANIFEST.in, or move the list into install_requires / [project] dependencies"
    elif low.startswith(("readme", "description")):
        kind = "the long description"
        maint = f"include {file} in MANIFEST.in (setuptools adds README* only from 36.4 on), or read it with a fallback"
    elif low.startswith("version"):
        kind = "the version number"
        maint = f"include {file} in MANIFEST.in or define the version in the package (__version__)"
    else:
        kind = "a packaged data file"
        maint = f"include {file} in MANIFEST.in / package_data"
    who = pkg or "the package"
    in_tmp = bool(pkg) or "pip-" in path or "pip-" in setup_py
    text = (f"{who}'s setup.py needs {file} ({kind}), but the source archive pip unpacked"
            f"{' into a temporary folder' if in_tmp else ''} does not contain it: a packaging bug of this release.")
    fix = [
        f"pip install git+https://github.com/<org>/{pkg or '<pkg>'}.git   # the repository has {file}",
        f"Or pin another release of {who}: pip index versions {pkg or '<pkg>'}",
        f"Maintainers: {maint}, then check with python -m build && tar tzf dist/*.tar.gz | grep {file}",
    ]
    if facts.get("_signature") == "distutils-cant-copy":
        fix.insert(0, f"{file} is listed in data_files/package_data of setup.py but absent from the archive.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f"sdist lacks {file}", "package": pkg})
