"""Computed diagnosis for docling.conversion-input-invalid: which check failed, for which file type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OFFICE = {"docx", "pptx", "xlsx", "doc", "ppt", "xls"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    doc = str(facts.get("document") or "").strip().strip("'\"")
    base = doc.replace("\\", "/").rsplit("/", 1)[-1]
    ext = base.rsplit(".", 1)[-1].lower() if "." in base else ""
    derived: dict[str, Any] = {"extension": ext or "(none)"}
    if sig == "input-document-not-valid":
        if ext == "pdf":
            derived["diagnosis"] = "PDF backend could not open the file"
            text = (f"docling's PDF backend could not open {base}: usually an encrypted, damaged, zero-page or fake PDF. "
                    "The backend's own error is printed just above the ConversionError.")
            fix = ("Check the PDF: head -c 8 file (must be %PDF), qpdf --check / --show-encryption; decrypt or re-download it.",)
        elif not ext:
            derived["diagnosis"] = "input without an extension"
            text = f"{base or 'The input'} has no extension, so docling could not pick a working backend for it."
            fix = ("Give the file its real extension, or pass a DocumentStream(name='x.pdf', stream=...).",)
        else:
            derived["diagnosis"] = f"{ext} backend could not open the file"
            text = f"docling's backend for .{ext} could not open {base} (damaged file, or content that does not match the extension)."
            fix = ("Open and re-save the file in its editor, check file --mime-type, then retry.",)
        fix = fix + ("Use convert(..., raises_on_error=False) and print result.errors to see the cause.",)
        return Explanation(text=text, fix=fix, derived={**derived, "status_note": " (input not valid)"})
    if sig == "file-format-not-allowed":
        derived["diagnosis"] = "format outside allowed_formats"
        text = (f"The format detected for {base or 'the input'} is not in the converter's allowed_formats"
                + (" (Office files are sometimes detected by MIME type as another format)" if ext in _OFFICE else "") + ".")
        fix = ("Create the converter with that format allowed, e.g. DocumentConverter(allowed_formats=[InputFormat.PDF, InputFormat.DOCX]), or leave allowed_formats unset.",
               "Check the detected type: file --mime-type -b <file>; re-save the document if it does not match its extension.")
        return Explanation(text=text, fix=fix, derived={**derived, "status_note": " (format not allowed)"})
    if sig == "conversion-failed-with-status":
        status = str(facts.get("status") or "")
        derived["diagnosis"] = f"pipeline finished with status {status or 'FAILURE'}"
        text = f"The pipeline ran on {base} but ended with status {status}: pages or elements failed (model, OCR or backend errors logged above)."
        fix = ("Look for the per-page errors logged before this line; rerun with raises_on_error=False and print result.errors.",)
        return Explanation(text=text, fix=fix, derived={**derived, "status_note": f" (status {status})"})
    if sig == "cli-failed-to-convert":
        derived["diagnosis"] = "CLI conversion failed (cause not shown)"
        text = f"The docling CLI could not convert {base}; the warning hides the cause."
        fix = (f"Rerun: docling -vv {doc} to print the underlying exception.",)
        return Explanation(text=text, fix=fix, derived={**derived, "status_note": " (CLI)"})
    if sig == "no-recognizable-format":
        derived["diagnosis"] = "no input had a recognizable/allowed format"
        return Explanation(text="None of the inputs had a format docling recognises or allows.",
                           fix=("Check the file extensions/MIME types and the converter's allowed_formats.",),
                           derived={**derived, "status_note": " (no recognizable format)"})
    return None
