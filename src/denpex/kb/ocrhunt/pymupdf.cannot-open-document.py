"""Computed diagnosis for pymupdf.cannot-open-document: what MuPDF's reason and the file name say."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_UNSUPPORTED = {"doc", "docx", "ppt", "pptx", "xls", "xlsx", "djvu", "emf", "wmf", "odt", "rtf"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = str(facts.get("pdf_file") or "")
    ftype = str(facts.get("filetype") or "").lower()
    reason = str(facts.get("mupdf_reason") or "").strip()
    name = re.split(r"[\\/]", path)[-1] if path else ""
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if sig == "cannot-tell" or "cannot tell" in reason:
        return Explanation(text="The file is empty (0 bytes): MuPDF finds no version marker and cannot even seek in it.",
                           fix=("Check the producer of the file finished writing (close/flush before opening) and re-create or re-download it.",),
                           derived={"diagnosis": ": the file is empty"})
    if ext in _UNSUPPORTED or ftype in _UNSUPPORTED:
        kind = ftype or ext
        return Explanation(text=f"'{name or path}' is a .{kind} file: this MuPDF build cannot open that format.",
                           fix=(f"Convert it first (LibreOffice --headless --convert-to pdf for Office files, ddjvu for DjVu) or use a parser for .{kind}.",),
                           derived={"diagnosis": f": .{kind} is not a format MuPDF opens"})
    if ftype and ext and ftype != ext and ext not in ("", "tmp"):
        return Explanation(text=f"The file was opened as type '{ftype}' but its name ends in .{ext}.",
                           fix=(f"Pass the right filetype (filetype='{ext}') or check the file's real format with `file`.",),
                           derived={"diagnosis": f": opened as {ftype}, named .{ext}"})
    low = reason.lower()
    if "no objects found" in low or "version marker" in low or sig == "broken-document" or not reason:
        what = f"'{name}'" if name else "the file"
        return Explanation(text=f"MuPDF found no PDF structure in {what}" + (f" ({reason})" if reason else "") +
                                ": it is not a complete PDF - an HTML/error page saved as .pdf, a truncated download or upload, "
                                "or a file overwritten by other content.",
                           fix=("Check the first bytes (%PDF-) and the size, re-download or regenerate it; catch FileDataError and skip such files in batches.",),
                           derived={"diagnosis": ": the file is not a readable PDF"})
    return Explanation(text=f"MuPDF refused the file: {reason}.", fix=("Inspect it with mutool info / qpdf --check.",),
                       derived={"diagnosis": f": {reason}"})
