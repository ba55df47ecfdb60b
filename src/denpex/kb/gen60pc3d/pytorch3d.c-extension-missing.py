"""Computed diagnosis for pytorch3d.c-extension-missing: which pytorch3d folder was imported and why it lacks _C."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SITE = re.compile(r"[\\/](?:site|dist)-packages[\\/]", re.IGNORECASE)
_EGG = re.compile(r"\.egg[\\/]", re.IGNORECASE)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("package_path")
    if not raw:
        text = ("Python found a pytorch3d package without the compiled _C module (the message carries no path). "
                "Print pytorch3d.__file__ to see which folder was imported: a clone or project folder is an unbuilt "
                "source tree shadowing the install, site-packages means the installed build has no extension.")
        return Explanation(text=text, fix=("python -c \"import pytorch3d; print(pytorch3d.__file__)\"",),
                           derived={"diagnosis": ""})
    path = str(raw).strip()
    folder = re.sub(r"[\\/]__init__\.py$", "", path)
    parent = re.sub(r"[\\/]pytorch3d$", "", folder)
    if _SITE.search(path) or _EGG.search(path):
        diagnosis = " (installed package without the extension)"
        text = (f"The imported package is the installed one ({folder}) and it contains no _C module: its extension "
                "build was skipped or failed (no CUDA toolkit/compiler visible, interrupted build) or the wheel does not "
                "match this Python/torch.")
        fix = ("pip uninstall -y pytorch3d",
               "reinstall a build for this exact torch/CUDA/Python (conda, the official wheel index, or "
               "pip install 'git+https://github.com/facebookresearch/pytorch3d.git' --no-build-isolation with nvcc on PATH)",
               f"check: ls {folder} | grep _C")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    clone = parent.rstrip("/\\").endswith("pytorch3d")
    if clone:
        diagnosis = " (unbuilt pytorch3d clone shadows the installed package)"
        text = (f"{folder} is the package folder inside a pytorch3d git clone ({parent}). Running from that clone (or with "
                "it on PYTHONPATH) imports the source folder, which has no compiled _C, instead of the built package.")
    else:
        diagnosis = " (project-local pytorch3d folder shadows the installed package)"
        text = (f"{folder} is a pytorch3d folder inside the project directory {parent}; it comes first on sys.path and "
                "has no compiled _C, so the built package (if any) is never reached.")
    fix = (f"run the script from another directory, or move {folder} out of {parent}",
           f"or build it in place: cd {parent} && pip install -e . --no-build-isolation",
           "check: cd /tmp && python -c \"import pytorch3d; print(pytorch3d.__file__); from pytorch3d import _C\"")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
