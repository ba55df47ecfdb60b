"""Computed diagnosis for pytesseract.tesseract-not-found: what the tesseract_cmd value says."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WIN = re.compile(r"^[A-Za-z]:[\\/]|\\")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cmd = str(facts.get("cmd") or "").strip().strip("'\"")
    if not cmd:
        return None
    base = re.split(r"[\\/]", cmd.rstrip("\\/"))[-1].lower()
    windows = bool(_WIN.search(cmd))
    if cmd.lower() in ("tesseract", "tesseract.exe"):
        diagnosis = ": the engine is not installed or not on this process's PATH"
        text = ("tesseract_cmd is the default bare name, so the program was looked up on the PATH of the Python process "
                "and not found: the tesseract engine is not installed there (pip install pytesseract does not install it) "
                "or its folder is missing from that PATH.")
        fix = ("Debian/Ubuntu/Colab: apt-get install -y tesseract-ocr; macOS: brew install tesseract; "
               "Windows: install the UB-Mannheim build and add C:\\Program Files\\Tesseract-OCR to PATH, then restart the IDE/kernel.",)
    elif base not in ("tesseract", "tesseract.exe"):
        diagnosis = f": '{cmd}' is not the tesseract binary"
        text = (f"tesseract_cmd is set to '{cmd}', whose last part '{base}' is not the program: it names a folder or another file. "
                "pytesseract must be given the executable itself.")
        exe = "tesseract.exe" if windows else "tesseract"
        sep = "\\" if windows else "/"
        fix = (f"Set pytesseract.pytesseract.tesseract_cmd = r'{cmd.rstrip(chr(92) + '/')}{sep}{exe}' (or the bin{sep}{exe} under it); check the file exists.",)
    elif windows:
        diagnosis = ": nothing can be started at that path"
        text = (f"tesseract_cmd is a Windows path ('{cmd}') but nothing can be started there: the installer put it elsewhere "
                "(Program Files vs Program Files (x86), per-user AppData) or it was never installed on this machine.")
        fix = ("Run where tesseract in cmd.exe, or check C:\\Program Files\\Tesseract-OCR\\tesseract.exe, and use that exact path.",)
    else:
        diagnosis = ": nothing can be started at that path"
        text = (f"tesseract_cmd is '{cmd}' but that file does not exist in this environment (typical when a path from another "
                "machine or a Colab/Docker image without the apt package is used).")
        fix = (f"Install the engine (apt-get install -y tesseract-ocr puts it at /usr/bin/tesseract) or set tesseract_cmd to the output of `which tesseract`.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
