"""Computed diagnosis for pymupdf.fitz-wrong-package: which stage of the wrong-package chain this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "static-dir":
        return Explanation(
            text="Both wrong packages are installed: 'fitz' (not PyMuPDF) and 'frontend' (a web UI library added to satisfy it), "
                 "whose import starts a Starlette app that needs a static/ folder. Creating the folder would only hide the problem.",
            fix=("pip uninstall -y fitz frontend && pip install --force-reinstall PyMuPDF",),
            derived={"stage": " (frontend was installed too)"})
    if sig == "frontend-missing":
        return Explanation(
            text="The fitz/__init__.py that ran is the abandoned PyPI package 'fitz'; it imports a 'frontend' module. "
                 "Do not install frontend: remove fitz and install PyMuPDF.",
            fix=("pip uninstall -y fitz && pip install --force-reinstall PyMuPDF",),
            derived={"stage": ""})
    return None
