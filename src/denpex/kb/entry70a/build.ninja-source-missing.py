"""Computed diagnosis for build.ninja-source-missing: why the source file is absent, from where it should have been."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import file_name
from denpex.models import Explanation

_PIP_BUILD = re.compile(r"[/\\]pip-(?:install|req-build)-[^/\\]+[/\\](?P<pkg>[A-Za-z0-9_.-]+?)(?:_[0-9a-f]{16,40})?[/\\]")
_SUBMODULE = re.compile(r"[/\\](?:cutlass|third_party|3rdparty|external|extern|submodules?)[/\\]", re.IGNORECASE)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    missing = str(facts.get("missing_file") or "").strip()
    if not missing:
        return None
    name = file_name(missing)
    if _SUBMODULE.search(missing):
        kind = "git submodule not checked out"
        text = (f"{name} lives in a vendored dependency folder ({missing}) that is a git submodule of the project: the clone was "
                "made without --recursive, so the folder is empty and ninja has nothing to compile.")
        fix = ("git submodule update --init --recursive in the project folder (or clone again with --recursive), then rebuild.",)
    elif (m := _PIP_BUILD.search(missing)):
        pkg = m.group("pkg")
        kind = "sdist without the sources"
        text = (f"pip is building {pkg} from its source distribution in a temporary folder, and that sdist does not contain {name}: "
                f"{pkg} expects a prebuilt wheel (setup.py usually tries to download one matching torch/CUDA/Python first; when that "
                "fails it falls back to this build, which cannot work).")
        fix = (f"Install a prebuilt {pkg} wheel for your exact torch, CUDA and Python from the project's releases (pip install <wheel URL or file>), "
               "or move torch/CUDA/Python to a combination it publishes wheels for.",
               f"Or build {pkg} from a full clone: git clone --recursive <repo> && pip install . --no-build-isolation.")
    else:
        kind = "source path not in the checkout"
        text = (f"The build lists {missing}, which does not exist in this checkout: a partial copy of the repository, a file renamed "
                "upstream while setup.py still names the old path, or a build started from the wrong folder.")
        fix = ("Compare setup.py's source list with the files on disk (git status; git pull for a rename), and build from the repository root.",)
    return Explanation(text=text, fix=fix, derived={"source_kind": kind})
