"""Computed diagnosis for pypdfium2.failed-to-load-document: map PDFium's reason to the cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CAUSES = {
    "file access error": ("path not readable",
                          "PDFium could not open the path: it does not exist from this working directory, is a folder, is locked, "
                          "or (Windows) contains characters the loader mishandles.",
                          ("Pass an absolute path to an existing file, or read the bytes and pass them instead of the path.",)),
    "incorrect password error": ("encrypted PDF without the right password",
                                 "The PDF is encrypted and no (or a wrong) password was given.",
                                 ("Give the password (pypdfium2.PdfDocument(path, password=...)) or decrypt: qpdf --password=PW --decrypt in.pdf out.pdf.",
                                  "In batch jobs, skip encrypted files and log them.")),
    "data format error": ("not a PDF or damaged file",
                          "The bytes are not a readable PDF: an HTML error page or Git LFS pointer saved as .pdf, a truncated download, or a damaged file.",
                          ("Check the first bytes (head -c 8 file.pdf must show %PDF); re-download or git lfs pull.",
                           "Repair: qpdf in.pdf fixed.pdf or gs -o fixed.pdf -sDEVICE=pdfwrite in.pdf.")),
    "success": ("PDF has zero pages",
                "PDFium parsed the file but found no pages (an empty or stub PDF); pypdfium2 reports it as a load failure with reason 'Success'.",
                ("Regenerate or re-download the file; skip zero-page files in batches.",)),
    "unsupported security scheme error": ("unsupported encryption",
                                          "The PDF uses an encryption handler PDFium does not support.",
                                          ("Decrypt with qpdf --decrypt (with the password) before converting.",)),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = facts.get("reason")
    if not reason:
        return None
    key = str(reason).strip().lower()
    if key not in _CAUSES:
        return Explanation(text=f"PDFium reported '{reason}' while opening the document.",
                           fix=("Check the file opens in a PDF viewer and with qpdf --check.",),
                           derived={"diagnosis": f"PDFium: {reason}"})
    diagnosis, text, fix = _CAUSES[key]
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
