"""Computed diagnosis for python.value-not-in-list: the value that was looked up, the lookup line and the
likely mismatch between the data's label and the class list (case, whitespace, punctuation, int ids)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    value = str(facts.get("value") or "").strip()
    container = str(facts.get("container") or "")
    if not value and not container:
        return None
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    m = re.search(r"([\w.\[\]'\"]+)\.(index|remove)\(", code)
    lst = m.group(1) if m else ""
    op = m.group(2) if m else ("remove" if "remove" in container else "index")
    low = (lst + " " + code).lower()
    classy = bool(re.search(r"class|categor|label|name|cls|vocab|attr", low))
    parts: list[str] = []
    fix: list[str] = []
    shown = value if value else "the value"
    target = f"`{lst}`" if lst else f"the {container.split('.')[0] if container else 'list'}"
    headline = f"{shown} is not in {target}" + (" (a label missing from the class list)" if classy else "") + where
    if value:
        parts.append(f"{op}() compared {shown} with every element of {target} using == and found no match.")
        inner = value[1:-1] if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"" else ""
        hints: list[str] = []
        if inner and inner != inner.strip():
            hints.append("it has leading/trailing whitespace")
        if inner and re.search(r"[.,;:]$", inner):
            hints.append("it ends with punctuation (e.g. the UCI adult test split writes '<=50K.')")
        if inner and (inner.isupper() or inner.islower()) and re.search(r"[A-Za-z]", inner):
            hints.append("check the case against the class list (e.g. 'ok' vs 'OK')")
        if inner and inner.isdigit():
            hints.append("it is a string of digits - the list may hold ints (or the reverse)")
        if re.fullmatch(r"-?\d+", value):
            hints.append("it is an integer id - COCO-style category_id values are often not 0..N-1 and must match the ids the config lists" if re.search(r"categor|class_ids|cat_id", low) else "it is an int - the list may hold strings, or ids from another numbering")
        if hints:
            parts.append("The value: " + "; ".join(hints) + ".")
    else:
        parts.append(f"{container}(x) found no element equal to x.")
    if classy:
        parts.append("The list is a class/label/category list and the value comes from the data: an annotation uses a class the config does not declare, or writes it differently.")
        fix.append("Compare the data's labels with the class list (set(labels) - set(classes)); add missing classes (and update num_classes) or relabel/remove those samples.")
        fix.append("Normalize labels before the lookup (str(x).strip(), consistent case) and use a dict name->index that raises with the file name for unknown labels.")
        if re.fullmatch(r"-?\d+", value or ""):
            fix.append("For COCO annotations, take the category ids/names from the JSON's 'categories' list instead of hard-coding them.")
    else:
        fix.append(f"Check membership first (if x in {lst or 'items'}: ...) or handle the missing value; print repr(x) and the list to see the difference.")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg:
        parts.append(f"The lookup is inside {frame.pkg}: your dataset/config contains the value and the library's class list does not.")
    if headline[:1].islower():
        headline = headline[0].upper() + headline[1:]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
