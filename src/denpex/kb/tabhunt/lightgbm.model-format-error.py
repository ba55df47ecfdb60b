"""Computed diagnosis for lightgbm.model-format-error: does the fragment look like a cut model line (line endings) or foreign content."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# tail ends of keys that LightGBM writes in each tree block
_KEYS = ("num_leaves", "num_cat", "split_feature", "split_gain", "threshold", "decision_type", "left_child",
         "right_child", "leaf_value", "leaf_weight", "leaf_count", "internal_value", "internal_weight",
         "internal_count", "is_linear", "shrinkage", "cat_boundaries", "cat_threshold")
_CUT = re.compile(r"^\s*([a-z_]{2,20})=")
_NUMS = re.compile(r"^[\s0-9eE.+-]+$")


def _missing_field(field: str) -> Explanation:
    if field == "num_cat":
        diagnosis = "tree block from another LightGBM version"
        text = ("A tree block has no 'num_cat=' line. LightGBM writes it in every tree since categorical splits were "
                "added (2.0), so the model text was written by an older (or foreign) version than the one loading it.")
        fix = ("Load it with the LightGBM version that saved it and re-save it, or retrain with the installed version.",
               "Pin the same lightgbm version for training and serving.")
    elif field == "num_leaves":
        diagnosis = "tree block does not start where expected (corrupted, truncated or misaligned model text)"
        text = ("'num_leaves=' is the first key of every tree block, so the loader found a 'Tree=' block with none of its "
                "keys: the model text is cut, misaligned (CRLF line endings, edited file) or not produced by this LightGBM.")
        fix = ("Check the file: file model.txt (CRLF?), its size against the original, and that each 'Tree=N' is followed by 'num_leaves='.",
               "Re-save the model with booster.save_model() from the training process, or upgrade lightgbm if the error "
               "comes from lgb.train's own save/reload round trip.")
    else:
        diagnosis = f"tree block lacks '{field}='"
        text = (f"A tree block in the model text has no '{field}=' line: the model was written by another LightGBM "
                "version or the text is corrupted.")
        fix = ("Use the same lightgbm version to save and load the model, or re-save it from the version that wrote it.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = facts.get("field")
    if isinstance(field, str) and field:
        return _missing_field(field)
    raw = facts.get("fragment")
    frags = [raw] if isinstance(raw, str) else list(raw) if isinstance(raw, (list, tuple)) else []
    frags = [str(f).strip() for f in frags if f is not None]
    if not frags:
        return None
    frag, cut_key = frags[0], None
    for f in frags:
        m = _CUT.match(f)
        if m:
            tail = m.group(1)
            key = next((k for k in _KEYS if k.endswith(tail) and k != tail), None)
            if key:
                frag, cut_key = f, key
                break
    if cut_key:
        diagnosis = "lines misaligned (CRLF line endings)"
        text = (f"The loader stopped in the middle of a tree line: '{frag[:30]}' is the end of '{cut_key}=...'. "
                "Block offsets are shifted, which is what Windows CRLF line endings do to a LightGBM text model.")
        fix = ("Convert to LF: dos2unix model.txt (or replace b'\\r\\n' with b'\\n' in Python) and load again.",
               "Mark the file binary in .gitattributes so git stops converting it.")
    elif all(f == "" or _NUMS.match(f) for f in frags):
        diagnosis = "lines misaligned or file truncated"
        text = ("The text after 'met' is a run of numbers from inside a tree block: the file has CRLF line endings "
                "or was cut short.")
        fix = ("Check line endings (file model.txt) and convert to LF; compare the file size with the original.",
               "Re-save the model with booster.save_model() or re-download it.")
    else:
        diagnosis = "not a LightGBM text model or corrupted"
        text = (f"'{frag[:40]}' is not part of a LightGBM tree block: the file is probably not a LightGBM text model "
                "(pickle, JSON dump, Git LFS pointer) or is corrupted.")
        fix = ("head -c 200 model.txt: a LightGBM model starts with 'tree' and 'version=v'.",
               "Load pickles with joblib.load / pickle.load; fetch LFS files with git lfs pull.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
