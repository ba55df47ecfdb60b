"""Computed diagnosis for paddlex.dependency-error: which pipeline needs which PaddleX extra and the install command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DOC = ("PP-StructureV3", "PP-ChatOCRv4-doc", "PP-DocTranslation", "PaddleOCR-VL", "doc_understanding", "layout_parsing")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pipeline = str(facts.get("pipeline") or "").strip()
    extra = str(facts.get("extra") or "").strip()
    alt = str(facts.get("alt") or "").strip()
    if not extra:
        what = "a PaddleX pipeline is missing its optional dependencies"
        install = "install the extra named in the DependencyError above, e.g. pip install \"paddlex[ocr]==<installed paddlex version>\""
        text = ("PaddleOCR 3.x re-raised a PaddleX DependencyError: the pipeline it builds needs an optional dependency group "
                "(extra) that is not installed in this interpreter.")
        return Explanation(text=text, fix=(install, "PaddleOCR users: pip install -U \"paddleocr[all]\""),
                           derived={"what": what, "install": install})
    name = pipeline or "the pipeline"
    install = f"pip install \"paddlex[{extra}]==$(python -c 'import paddlex; print(paddlex.__version__)')\""
    what = f"PaddleX `{name}` needs the paddlex[{extra}] extra"
    doc = any(d.lower() in name.lower() for d in _DOC)
    text = (f"PaddleX checked the packages of the '{extra}' extra when creating `{name}` and at least one is not importable, "
            f"so it raised DependencyError{' (PaddleOCR then wraps it as RuntimeError)' if pipeline else ''}.")
    fix = [install]
    if alt:
        text += f" The lighter '{alt}' extra is accepted as an alternative."
        fix.append(f"or the lighter set: pip install \"paddlex[{alt}]==<same version>\"")
    if doc:
        text += " Document-parsing pipelines need the full extra, not ocr-core."
        fix.append("PaddleOCR users: pip install -U \"paddleocr[doc-parser]\" (or \"paddleocr[all]\")")
    else:
        fix.append("PaddleOCR users: pip install -U \"paddleocr[all]\" keeps paddleocr and paddlex matched")
    fix.append("In a PyInstaller/Nuitka bundle: collect the extra's packages and their dist-info metadata")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what, "install": install})
