"""Computed diagnosis for mineru.document-parse-failed: what the short ERROR message points at."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_MISSING_KEY = re.compile(r"Missing key (\w+)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = str(facts.get("message") or "").strip()
    where = str(facts.get("location") or "magic_pdf")
    low = msg.lower()
    fix: list[str] = []
    key = _MISSING_KEY.search(msg)
    if "need model list input" in low:
        diagnosis = "magic-pdf without a model list (0.6.x has no built-in model)"
        text = ("magic-pdf was asked to parse without a model JSON and without a built-in model: the 0.6.x wheel "
                "needs --model <json> from PDF-Extract-Kit; newer releases run the models themselves.")
        fix.append("pip install -U \"magic-pdf[full]\" (0.7 or later) and download its models, or pass --model <model json> to pdf-command.")
    elif key:
        diagnosis = f"model config has no key '{key.group(1)}' (model package from another release)"
        text = (f"An omegaconf config lacks '{key.group(1)}': a model package (usually unimernet for formula recognition) "
                "is from another release than the installed magic-pdf, so its config and code disagree.")
        fix.append("Reinstall the model packages the magic-pdf release pins (pip install -U \"magic-pdf[full]\"; unimernet at the pinned version), then re-download that release's models.")
    elif "both parse_pdf_by_txt and parse_pdf_by_ocr failed" in low:
        diagnosis = "text and OCR parsing both failed"
        text = ("user_api tried the text-layer parse and then the OCR parse and both raised; the first ERROR line "
                "above this one carries the original exception.")
        fix.append("Read the first ERROR line and its traceback for the original exception.")
    elif where.startswith("magic_pdf.user_api") and ("string indices must be integers" in low or "list index out of range" in low):
        diagnosis = "model results not in the shape this release expects"
        text = (f"{where} failed on the per-page model results ('{msg}'): the model JSON given with --model is "
                "not this release's own output for this PDF, or the built-in model was not used and the list is empty.")
        fix.append("Let magic-pdf run its own models (drop --model, or set use_inside_model / --inside_model true), or regenerate the model JSON with the matching release.")
    elif "weights" in low or "no such file or directory" in low:
        diagnosis = "model weights not found or unreadable"
        text = f"{where}: a model file could not be read ('{msg}'); models-dir in magic-pdf.json does not point at complete weights."
        fix.append("Point models-dir in ~/magic-pdf.json at the downloaded models of this release and re-download missing or truncated files.")
    else:
        diagnosis = f"exception in {where}"
        text = (f"MinerU's handler at {where} caught '{msg}' and skipped the document; the loguru traceback below "
                "the line names the step that raised.")
        fix.append("Check that magic-pdf, its model packages and magic-pdf.json come from one release; if only this PDF fails, try -m ocr or -m txt.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
