"""Computed diagnosis for pydicom.invalid-dicom: what the failing file name suggests."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("filename") or "")
    if not fn:
        return None
    base = os.path.basename(fn)
    low = base.lower()
    if base.startswith(".") or low in ("thumbs.db", "desktop.ini"):
        text = f"{base} is an operating-system helper file, not DICOM: the folder listing included it."
        fix = ("Skip hidden/helper files when listing the folder (e.g. [p for p in paths if not os.path.basename(p).startswith('.')]).",)
        kind = "hidden file"
    elif low.endswith((".txt", ".xml", ".json", ".csv", ".jpg", ".png", ".zip", ".html", ".pdf")):
        text = f"{base} is a {low.rsplit('.', 1)[-1].upper()} file, not DICOM."
        fix = ("Filter the input list to DICOM files (pydicom.misc.is_dicom(path)).",)
        kind = "non-DICOM file"
    else:
        text = (f"{base} has no 'DICM' prefix: either it is not DICOM (check `file {base}` and its size) "
                "or it is raw DICOM without the Part 10 header.")
        fix = (f"head -c 132 {fn} | tail -c 4  # 'DICM' means Part 10",
               f"Raw DICOM: pydicom.dcmread('{fn}', force=True) and set ds.file_meta.TransferSyntaxUID.")
        kind = "unknown"
    return Explanation(text=text, fix=fix, derived={"kind": kind})
