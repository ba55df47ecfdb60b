"""Computed diagnosis for pydicom.pixel-decoder-missing: which plugin to install for the transfer syntax."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    syntax = str(facts.get("syntax") or "")
    missing = str(facts.get("missing") or "")
    if not syntax and not missing:
        if str(facts.get("_signature") or "").startswith("pillow-"):
            return Explanation(
                text=("pydicom handed the compressed pixel data to Pillow, its only available decoder here, and Pillow could not "
                      "read the codestream (JPEG Lossless, 12/16-bit JPEG, JPEG-LS, or JPEG 2000 without OpenJPEG support); "
                      "old pydicom versions report that as 'cannot identify image file' or 'NotImplementedError: None'."),
                fix=("pip install -U pydicom pylibjpeg pylibjpeg-libjpeg pylibjpeg-openjpeg  (or pip install python-gdcm)",
                     "Restart the kernel/process after installing; print ds.file_meta.TransferSyntaxUID to see the compression."),
                derived={"install": "pylibjpeg pylibjpeg-libjpeg pylibjpeg-openjpeg"},
            )
        return None
    s = syntax.lower()
    if "2000" in s:
        pkgs = "pylibjpeg pylibjpeg-openjpeg"
    elif "jpeg-ls" in s or "jpeg ls" in s:
        pkgs = "pylibjpeg pylibjpeg-libjpeg"
    elif "jpeg" in s:
        pkgs = "pylibjpeg pylibjpeg-libjpeg"
    elif "rle" in s:
        pkgs = "pylibjpeg pylibjpeg-rle"
    else:
        pkgs = "pylibjpeg pylibjpeg-libjpeg pylibjpeg-openjpeg"
    what = f"'{syntax}'" if syntax else "this compressed transfer syntax"
    text = f"The pixel data is compressed as {what} and no installed plugin can decode it."
    if missing:
        text += f" pydicom lists the candidates and their missing packages: {missing}."
    fix = (f"pip install {pkgs}  (or pip install python-gdcm)", "Restart the kernel/process after installing.")
    return Explanation(text=text, fix=fix, derived={"install": pkgs})
