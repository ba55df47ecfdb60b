"""Computed diagnosis for nougat.wrong-pypi-package: wrong package alone vs both packages mixed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "")
    if name.startswith("Nougat") or name == "LaTeXDataset":
        diagnosis = f"'{name}' is not in the installed 'nougat' package"
        text = (f"'nougat' imports, but has no '{name}': the installed distribution is PyPI 'nougat' (a web framework), "
                "not the OCR model, which is published as nougat-ocr.")
    else:
        diagnosis = f"web-framework files import '{name}' from nougat-ocr's nougat.utils"
        text = ("The traceback runs through the web framework's nougat/app.py / asgi.py while nougat.utils is nougat-ocr's "
                "package: both distributions are installed into the same site-packages/nougat directory.")
    fix = ("pip uninstall -y nougat nougat-ocr && pip install nougat-ocr",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
