"""Computed diagnosis for sqlite.no-such-table: which table, and whose schema step is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    table = str(facts.get("table") or "").strip("\"`")
    if not table:
        return None
    base = table.split(".")[-1]
    if base.startswith(("auth_", "django_")):
        owner = "Django"
        text = f"'{table}' is a Django table: migrations have not been applied to this database."
        fix = ("python manage.py migrate (with the same settings/DATABASES the failing process uses).",)
    else:
        owner = "application"
        text = (f"The opened database has no table '{table}'. Most often the path pointed to a new, empty file (sqlite creates one "
                "silently for a wrong or relative path), or the schema/init step never ran for this file.")
        fix = ("Print and check the path: os.path.abspath(db_path); sqlite3 FILE '.tables'.",
               f"If the file is right, create the schema (CREATE TABLE {table} ... / Base.metadata.create_all(engine) / the app's init-db or migrate command).")
    return Explanation(text=text, fix=fix, derived={"schema_owner": owner})
