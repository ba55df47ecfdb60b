"""Computed diagnosis for paddleocr.v3-unknown-argument: the 3.x name for a 2.x argument."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEW = {
    "use_gpu": "device='gpu' (or device='cpu')",
    "show_log": None,
    "use_angle_cls": "use_textline_orientation",
    "det_model_dir": "text_detection_model_dir",
    "rec_model_dir": "text_recognition_model_dir",
    "cls_model_dir": "textline_orientation_model_dir",
    "det_db_thresh": "text_det_thresh",
    "det_db_box_thresh": "text_det_box_thresh",
    "det_db_unclip_ratio": "text_det_unclip_ratio",
    "det_limit_side_len": "text_det_limit_side_len",
    "det_limit_type": "text_det_limit_type",
    "rec_batch_num": "text_recognition_batch_size",
    "drop_score": "text_rec_score_thresh",
    "cls_batch_num": "textline_orientation_batch_size",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arg = facts.get("arg")
    if not isinstance(arg, str) or not arg:
        return None
    if arg in _NEW:
        new = _NEW[arg]
        if new is None:
            text = f"'{arg}' was removed in PaddleOCR 3.x; there is no replacement argument."
            first = f"Delete {arg}=... from the PaddleOCR(...) call (control logging through the paddlex/paddleocr loggers)."
        else:
            text = f"'{arg}' is a PaddleOCR 2.x argument; PaddleOCR 3.x calls it {new}."
            first = f"Replace {arg}=... with {new}."
    else:
        text = (f"'{arg}' is not a PaddleOCR 3.x argument (2.x name without a direct 3.x equivalent, or unknown); "
                "the 3.x parser rejects it.")
        first = f"Remove {arg}=... or find its 3.x counterpart in the PaddleOCR 3 pipeline parameters."
    fix = (first,
           "Port the remaining 2.x names too (the parser stops at the first unknown one), or pin 2.x code: pip install 'paddleocr<3'.")
    return Explanation(text=text, fix=fix, derived={"replacement": _NEW.get(arg) or ""})
