"""Computed diagnosis for pdfminer.six-shadowed-by-pdfminer: who needs the missing name, exact cleanup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# names imported by well-known callers (who hits it first)
_CALLER = {
    "PDFStackT": "pdfplumber",
    "open_filename": "unstructured / pdfplumber",
    "extract_text": "pdfminer.high_level users (langchain PDFMinerLoader, your code)",
    "extract_pages": "pdfminer.high_level users",
}
# submodules the original pdfminer distribution never shipped
_SIX_ONLY = {"settings", "high_level", "utils", "casting", "data_structures", "jbig2", "_saslprep"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    symbol = str(facts.get("symbol") or "")
    if not module:
        return None
    sig = str(facts.get("_signature") or "")
    clean = "pip uninstall -y pdfminer pdfminer3k pdfminer.six && pip install --no-cache-dir pdfminer.six"
    if sig == "no-module-pdfminer-submodule":
        if module in _SIX_ONLY:
            diagnosis = "original pdfminer files replaced pdfminer.six"
            text = (f"pdfminer.{module} exists only in pdfminer.six; the installed 'pdfminer' package is (partly) the original "
                    "pdfminer or pdfminer3k.")
        else:
            diagnosis = "pdfminer package folder incomplete"
            text = (f"pdfminer.{module} is missing from the installed 'pdfminer' folder: two pdfminer distributions overwrote or "
                    "removed each other's files.")
    else:
        caller = _CALLER.get(symbol)
        diagnosis = "pdfminer is not the pdfminer.six the caller expects"
        text = (f"'{symbol}' is not in pdfminer.{module} as installed"
                + (f" (needed by {caller})" if caller else "")
                + ": the 'pdfminer' folder comes from the original pdfminer/pdfminer3k or from an older pdfminer.six.")
    fix = (clean + ", then restart the kernel.",
           "pip list | grep -i pdfminer must then show only pdfminer.six; if a package needs the original pdfminer, move it to another environment.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
