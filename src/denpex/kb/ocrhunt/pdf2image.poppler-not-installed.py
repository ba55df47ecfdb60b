"""Computed diagnosis for pdf2image.poppler-not-installed: which platform, which install command."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _platform(path: str) -> str:
    if re.match(r"^[A-Za-z]:\\", path):
        return "windows"
    if "/Users/" in path or "/opt/homebrew/" in path or "Python.framework" in path:
        return "macos"
    if "dist-packages" in path:
        return "debian"
    if path:
        return "linux"
    return ""


_INSTALL = {
    "windows": "Download a poppler release (github.com/oschwartz10612/poppler-windows), unzip it and add its Library\\bin folder to PATH "
               "(or pass poppler_path=r'...\\Library\\bin'); restart the IDE or kernel afterwards.",
    "macos": "brew install poppler (or conda install -c conda-forge poppler in a conda env).",
    "debian": "apt-get install -y poppler-utils (Debian/Ubuntu/Colab; !apt-get in a notebook cell).",
    "linux": "Install the poppler-utils package (apt-get install poppler-utils / dnf install poppler-utils), or conda install -c conda-forge poppler.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("frame_path") or "")
    pp = str(facts.get("poppler_path") or "").strip()
    caller = str(facts.get("caller") or "")
    tool = str(facts.get("tool") or "pdfinfo")
    plat = _platform(pp or path)
    via = f" (called through {caller})" if caller and caller != "pdf2image" else ""
    if pp:
        last = re.split(r"[\\/]", pp.rstrip("\\/"))[-1].lower()
        if last != "bin":
            text = (f"poppler_path is '{pp}', which does not end in a bin folder: pdf2image looks for {tool} directly in that folder. "
                    "Poppler zips keep the programs in Library\\bin (or bin).")
            sep = "\\" if "\\" in pp else "/"
            fix = (f"Pass poppler_path=r'{pp.rstrip(chr(92) + '/')}{sep}Library{sep}bin' (or ...{sep}bin, whichever holds pdfinfo).",)
            return Explanation(text=text + via, fix=fix, derived={"diagnosis": f": poppler_path '{pp}' is not the bin folder"})
        text = f"poppler_path is '{pp}' but {tool} could not be started from it: the folder does not hold the poppler programs (or they cannot run)."
        fix = (f"Check that {pp} contains pdfinfo and pdftoppm (.exe on Windows); re-extract the poppler release if not.",)
        return Explanation(text=text + via, fix=fix, derived={"diagnosis": f": nothing runnable in poppler_path '{pp}'"})
    if not plat:
        return Explanation(text=f"{tool} (poppler-utils) could not be started: poppler is not installed or not on the PATH of this process{via}.",
                           fix=(_INSTALL["linux"], _INSTALL["windows"]), derived={"diagnosis": ": poppler is not installed or not on PATH"})
    names = {"windows": "Windows", "macos": "macOS", "debian": "Debian/Ubuntu (dist-packages, e.g. Colab)", "linux": "Linux"}
    text = (f"The traceback paths show {names[plat]}; {tool} from poppler-utils is not installed there or not on the PATH of the "
            f"Python process{via}. pip cannot install poppler.")
    return Explanation(text=text, fix=(_INSTALL[plat],), derived={"diagnosis": f": poppler is not installed or not on PATH ({names[plat]})"})
