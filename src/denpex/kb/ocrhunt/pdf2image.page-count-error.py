"""Computed diagnosis for pdf2image.page-count-error: read poppler's reason and the path."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OPEN = re.compile(r"Couldn't open file '(?P<path>.*)': ?(?P<reason>.*)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detail = str(facts.get("detail") or facts.get("detail_next") or "").strip()
    if not detail:
        return None
    m = _OPEN.search(detail)
    if m:
        path, reason = m.group("path"), m.group("reason").strip().rstrip(".")
        base = re.split(r"[\\/]", path)[-1]
        windows = "\\" in path or re.match(r"^[A-Za-z]:", path) is not None
        temp = re.search(r"(?i)[\\/](?:temp|tmp)[\\/]|[\\/]tmp\w{4,}$|^tmp", path) is not None
        if reason.lower().startswith("no such file"):
            text = f"pdfinfo could not find '{path}': the path does not exist relative to the working directory of the process."
            fix = [f"Use an absolute path and check os.path.exists() before converting ('{base}')."]
            if not base.lower().endswith(".pdf"):
                fix.append("The name has no .pdf extension: check the real file name.")
            return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f": '{path}' does not exist"})
        if reason.lower() == "no error" or windows:
            bits = []
            fix = []
            if temp:
                bits.append("it is a temporary file, most likely still open in Python (NamedTemporaryFile inside its with-block, or "
                            "unstructured's copy of a file= object) and Windows refuses a second open")
                fix.append("Close the temporary file before converting (NamedTemporaryFile(delete=False), close(), convert, then os.remove), "
                           "or use convert_from_bytes / unstructured partition_pdf(filename=...).")
            if not base.lower().endswith(".pdf") and not temp:
                bits.append(f"the name '{base}' has no .pdf extension, so the path probably names no existing file")
                fix.append("Add the real extension to the path (Explorer hides it by default) and check os.path.exists().")
            if any(ord(c) > 127 for c in path):
                bits.append("the path has non-ASCII characters, which some Windows poppler builds cannot open")
                fix.append("Copy the file to an ASCII-only path (e.g. C:\\work\\in.pdf) before converting.")
            if not bits:
                bits.append("the file does not exist, is locked by another program, or is not readable")
                fix.append("Check os.path.exists(path) and that no other program (viewer, antivirus, your own open()) holds it.")
            text = f"On Windows poppler reports 'No error.' when it cannot open the file: for '{path}' " + "; ".join(bits) + "."
            return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f": Windows could not open '{base}'"})
        return Explanation(text=f"pdfinfo could not open '{path}': {reason}.",
                           fix=("Check the path and its permissions.",), derived={"diagnosis": f": cannot open '{base}' ({reason})"})
    low = detail.lower()
    if "password" in low:
        return Explanation(text="The PDF is encrypted and pdfinfo was given no or a wrong password.",
                           fix=("convert_from_path(path, userpw='...') (and ownerpw= if needed), or decrypt it first (qpdf --decrypt).",),
                           derived={"diagnosis": ": the PDF is password-protected"})
    if "trailer" in low or "xref" in low or "may not be a pdf" in low or "syntax error" in low:
        return Explanation(text=f"pdfinfo cannot parse the file ({detail}): it is not a complete PDF - an HTML page or error "
                                "response saved as .pdf, a truncated download, or a damaged file.",
                           fix=("Check the first bytes (a PDF starts with %PDF-) and the size; re-download it.",
                                "Try repairing with qpdf in.pdf out.pdf or mutool clean; skip the file in batch jobs."),
                           derived={"diagnosis": ": the file is not a readable PDF"})
    return Explanation(text=f"pdfinfo reported: {detail}.", fix=("Run pdfinfo on the file to see the full error.",),
                       derived={"diagnosis": f": {detail}"})
