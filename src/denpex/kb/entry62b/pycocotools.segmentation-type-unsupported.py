"""Computed diagnosis for pycocotools.segmentation-type-unsupported: which wording (unsupported type,
empty segmentation, 4-number polygon), where pycocotools was entered (annToMask / annToRLE /
frPyObjects) and the user's own call that handed it the segmentation."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# code lines of pycocotools itself (coco.py annToMask / annToRLE), not the user's call
_INTERNAL_CALLS = re.compile(r"^(?:self\.annToRLE\(ann\)|maskUtils\.frPyObjects\(segm, ?h, ?w\))$")
_ORDER = ("annToMask", "annToRLE", "frPyObjects")  # outermost first

_CASES = {
    "frpyobjects-empty-segmentation": (
        "empty-segmentation",
        "an empty segmentation list: frPyObjects reads its first polygon before any type check",
    ),
    "frpyobjects-four-number-polygon": (
        "four-number-polygon",
        "a first polygon of exactly 4 numbers (2 points) taken for a bbox [x, y, w, h]",
    ),
}
_DEFAULT_CASE = (
    "unsupported-type",
    "the segmentation is not a list of flat polygons of >= 6 numbers nor an RLE dict with 'counts' and 'size'",
)


def _as_list(v: Any) -> list[str]:
    if v is None:
        return []
    if isinstance(v, (list, tuple)):
        return [str(x) for x in v if x is not None]
    return [str(v)]


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    case, case_text = _CASES.get(sig, _DEFAULT_CASE)
    fns = {f for f, k in (("annToMask", "via_mask"), ("annToRLE", "via_rle")) if facts.get(k)}
    entry = next((f for f in _ORDER if f in fns), "frPyObjects")
    calls = [c.strip() for c in _as_list(facts.get("coco_call"))]
    user = [c for c in calls if c and not _INTERNAL_CALLS.match(c)]
    # the outermost call names the way in: prefer one that calls the entry point
    user_call = next((c for c in user if entry + "(" in c), user[0] if user else "")
    derived: dict[str, Any] = {"segm_case": case, "segm_case_text": case_text, "entry_point": entry}
    if user_call:
        derived["user_call"] = user_call
        where = f"; called as {user_call}"
    elif entry != "frPyObjects":
        where = f"; reached through COCO.{entry}"
    else:
        where = ""
    pyx = facts.get("pyx_line")
    if isinstance(pyx, int) and pyx > 0:
        where += f" (_mask.pyx line {pyx})"
    derived["where_text"] = where

    fix: list[str] = []
    if entry in ("annToMask", "annToRLE"):
        target = user_call or f"coco.{entry}(ann)"
        fix.append(f"Just before {target}, skip bad annotations: seg = ann['segmentation']; "
                   "if isinstance(seg, list) and (not seg or not isinstance(seg[0], list) or len(seg[0]) < 6): continue")
    else:
        target = user_call or "mask.frPyObjects(segm, h, w)"
        fix.append(f"Check what reaches {target}: it must be ann['segmentation'] as a list of flat float lists "
                   "(len >= 6 each) or an RLE dict with 'size' and 'counts', not the annotation or a tuple/array")
    if case == "empty-segmentation":
        fix.append("Drop annotations with segmentation == [] (or train them as box-only) before building masks.")
    elif case == "four-number-polygon":
        fix.append("Drop polygons with fewer than 6 numbers (two-point lines); pycocotools treats 4 numbers as a bbox.")
    else:
        fix.append("Remove polygons of fewer than 3 points and flatten [[x, y], ...] pairs to [x1, y1, x2, y2, ...].")
        fix.append("Convert arrays/tuples with np.asarray(p, dtype=float).ravel().tolist(); crowd RLE: 'counts' is a "
                   "list for uncompressed RLE (frPyObjects), a string for compressed RLE (mask.decode directly).")
    text = (f"pycocotools rejected one annotation's segmentation ({case_text}). It was entered through {entry}"
            + (f", from {user_call}" if user_call else "")
            + ": the json holds a malformed segmentation; find it by printing ann['id'] and ann['segmentation'] there.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None
