"""Computed diagnosis for docling.pipeline-document-error: what the wrapped exception says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("exception") or "")
    msg = str(facts.get("exc_message") or "").strip()
    short = exc.rsplit(".", 1)[-1]
    fix: list[str] = []
    if "OutOfMemory" in exc or "out of memory" in msg.lower():
        diagnosis = "out of memory in a model stage"
        text = f"{exc}: {msg} - the accelerator ran out of memory while docling ran its models on this document."
        fix.append("Lower the page batch size / images_scale, close other GPU users, or convert this document on CPU.")
    elif short == "ConversionError":
        diagnosis = "ConversionError after the pipeline failed"
        text = f"docling wrapped the failure into ConversionError ({msg}); the traceback above it holds the stage's own exception."
    elif exc:
        diagnosis = f"{short} raised inside the pipeline"
        text = (f"A pipeline stage raised {exc}{': ' + msg if msg else ''}; the innermost docling/models/<stage>.py frame "
                "above it names the stage (preprocessing = PDF parsing, layout, OCR, table structure, page assembly).")
    else:
        diagnosis = "pipeline exception (traceback cut)"
        text = ("The traceback under the line stops before its exception line; the innermost docling/models/<stage>.py "
                "frame shown names the stage. Rerun the document with docling -vv or convert(..., raises_on_error=False) "
                "and print result.errors for the message.")
    fix.append("Retry the document with the pypdfium2 backend, another OCR engine or do_ocr=False / do_table_structure=False to isolate the stage.")
    fix.append("Upgrade docling, docling-core, docling-parse and docling-ibm-models together, and use raises_on_error=False in batches.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
