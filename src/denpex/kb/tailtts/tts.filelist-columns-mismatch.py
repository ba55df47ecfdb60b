"""Computed diagnosis for tts.filelist-columns-mismatch: which fields are missing or extra."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        expected = int(facts["expected"])
    except (KeyError, TypeError, ValueError):
        return None
    direction = str(facts.get("direction") or "")
    got_raw = facts.get("got")
    got = int(got_raw) if got_raw is not None and str(got_raw).isdigit() else None
    names = [f.strip() for f in str(facts.get("fields") or "").split(",") if f.strip()]
    layout = "|".join(names) if len(names) == expected else None
    fix: list[str] = []
    if direction.startswith("too many"):
        diagnosis = "extra '|' field in a line"
        text = f"A filelist line splits into more than {expected} fields: a '|' inside the transcript or extra columns."
        fix.append("grep -n for lines with too many '|' (awk -F'|' 'NF!=%d {print NR\": \"$0}' list.txt) and clean them." % expected)
    elif got is not None and got <= 1:
        diagnosis = "empty line or wrong separator"
        text = (f"A line gave {got} field(s) where {expected} are expected: an empty line (often the last one) or a list "
                "separated by commas/tabs instead of '|'.")
        fix.append("Remove empty lines (sed -i '/^\\s*$/d' list.txt) and use '|' as the separator.")
    else:
        missing = names[got:] if names and got is not None and got < len(names) else []
        if any(m in ("sid", "spk", "speaker", "speaker_id", "spk_id") for m in missing):
            diagnosis = "speaker id column missing (single-speaker list, multi-speaker loader)"
        else:
            diagnosis = "filelist has fewer fields than the loader expects"
        text = f"Lines have {got} fields, the loader unpacks {expected}."
        if missing:
            text += f" Missing: {', '.join(missing)}."
        fix.append("Add the missing columns to every line, or use the config/loader that matches the list (single vs multi-speaker, raw vs cleaned).")
    if layout:
        text += f" Expected line layout: {layout}."
    derived: dict[str, Any] = {"diagnosis": diagnosis}
    return Explanation(text=text, fix=tuple(fix), derived=derived)
