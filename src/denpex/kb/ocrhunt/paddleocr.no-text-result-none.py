"""Computed diagnosis for paddleocr.no-text-result-none: where the None was iterated and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig not in ("cli-main", "user-ocr-call"):
        return None
    image = str(facts.get("image") or "").strip()
    gpu = str(facts.get("use_gpu") or "").lower()
    parts: list[str] = []
    fix: list[str] = []
    if sig == "cli-main":
        where = " in the paddleocr command line"
        parts.append("The paddleocr CLI (2.7-2.9) loops over each image's result without checking for None"
                     + (f"; the detector found no text in {image}" if image else "; the detector found no text box") + ".")
        fix.append("Upgrade paddleocr (newer 2.x releases skip empty results) or call the library and treat None as no text.")
    else:
        where = " in your code iterating ocr.ocr(...)"
        parts.append("PaddleOCR.ocr returned [None] for this image (no text box detected) and the code iterated it.")
        fix.append("res = ocr.ocr(img)[0]; for line in (res or []): ...")
    if gpu.endswith(("true",)):
        parts.append("It ran with use_gpu=True: if images that clearly contain text also give None, the GPU run is broken "
                     "(paddlepaddle-gpu build vs CUDA/cuDNN); compare with use_gpu=False.")
        fix.append("Re-run with use_gpu=False; if that finds text, install the paddlepaddle-gpu build matching your CUDA.")
    else:
        parts.append("If images that clearly contain text also give None, the detector is the problem (custom det model, "
                     "det_db_thresh/det_db_box_thresh too high, det_limit_side_len unsuited to the image size).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"where": where})
