"""Computed diagnosis for pypdfium2.invalid-input-type: what the rejected type means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kind = str(facts.get("input_type") or "").rsplit(".", 1)[-1]
    if kind == "PdfDocument":
        diagnosis = "an opened PdfDocument passed to a layer that opens documents itself (package version mismatch)"
        text = ("An already opened pypdfium2 PdfDocument reached PdfDocument() again: the caller (marker 0.x, for "
                "example) and pdftext/pypdfium2 come from different API generations.")
        fix = ("pip show marker-pdf pdftext pypdfium2; reinstall the versions your marker release pins, or upgrade to marker 1.x.",)
    elif kind in ("bytearray", "memoryview"):
        diagnosis = f"{kind} buffer instead of bytes"
        text = f"A {kind} was passed; pypdfium2 loads documents from bytes, a path or a readable byte stream."
        fix = ("Pass bytes(buffer) (or write it to a temp file and pass the path).",)
    elif kind == "NoneType":
        diagnosis = "no document (None) was passed"
        text = "PdfDocument() got None: the path or download that should have produced the PDF failed earlier."
        fix = ("Check the path/download before opening; log the input right before the call.",)
    else:
        diagnosis = f"unsupported input type {kind or '?'}"
        text = f"pypdfium2 does not accept a '{kind}' object; it takes a path (str/PathLike), bytes or a binary stream with read/seek."
        fix = ("Convert the input to a path or bytes before calling PdfDocument().",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
