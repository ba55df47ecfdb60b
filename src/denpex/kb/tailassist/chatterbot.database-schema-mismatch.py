"""Computed diagnosis for chatterbot.database-schema-mismatch: which side is older."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NEW_COLUMNS = {"search_text", "search_in_response_to", "persona", "conversation", "created_at"}
_OLD_COLUMNS = {"extra_data"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    col = facts.get("column")
    if not isinstance(col, str) or not col:
        return None
    if col in _NEW_COLUMNS:
        diagnosis = "database older than installed ChatterBot"
        text = (f"Column '{col}' exists since ChatterBot 1.0; the database file was created by an older release (0.x). "
                "ChatterBot does not migrate it.")
        fix = ("Delete or rename db.sqlite3 (or use database_uri='sqlite:///db-v1.sqlite3') and retrain.",)
    elif col in _OLD_COLUMNS:
        diagnosis = "code older than database/examples"
        text = (f"Column '{col}' belongs to ChatterBot 0.8.x; the installed code and the database/examples come from different releases.")
        fix = ("Install the release the examples target (pip install chatterbot==1.0.x) or delete db.sqlite3 and retrain with the installed one.",)
    else:
        diagnosis = "schema of another ChatterBot version"
        text = f"The statement table has no column '{col}': it was created by another ChatterBot version."
        fix = ("Delete or rename db.sqlite3 and retrain with the installed ChatterBot.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
