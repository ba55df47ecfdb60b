"""Computed diagnosis for unstructured.extra-dependencies-missing: the extra and the pip command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# modules -> the unstructured extra that provides them
_MODULE_EXTRA = {
    "pikepdf": "pdf", "pdfminer": "pdf", "pdfminer.six": "pdf", "pdf2image": "pdf", "pypdf": "pdf",
    "unstructured_inference": "pdf", "unstructured_pytesseract": "pdf", "pi_heif": "pdf",
    "docx": "docx", "pptx": "pptx", "openpyxl": "xlsx", "xlrd": "xlsx", "markdown": "md",
    "pypandoc": "epub", "msoffcrypto": "xlsx",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    extra = str(facts.get("extra") or "").strip()
    missing = str(facts.get("missing") or "").strip()
    doc_type = str(facts.get("doc_type") or "").strip()
    modules = [m.strip() for m in missing.split(",") if m.strip()]
    if not extra:
        guesses = {_MODULE_EXTRA[m] for m in modules if m in _MODULE_EXTRA}
        if len(guesses) == 1:
            extra = guesses.pop()
    if not extra and doc_type:
        extra = doc_type
    if not extra and not modules:
        return None
    install = f'pip install "unstructured[{extra}]"' if extra else "pip install " + " ".join(modules)
    what = ", ".join(modules) if modules else f"the {doc_type or extra} parser libraries"
    text = (f"unstructured needs {what} for this document type and they are not importable here; "
            + (f"they come with the '{extra}' extra." if extra else "install them in this environment."))
    fix = (install + " in the same environment as the kernel/process, then restart it.",
           "zsh/macOS: keep the quotes around unstructured[...]; to cover all types use pip install \"unstructured[all-docs]\".")
    derived = {"install": install, "extra_note": f" (extra [{extra}])" if extra else ""}
    if extra:
        derived["extra"] = extra
    return Explanation(text=text, fix=fix, derived=derived)
