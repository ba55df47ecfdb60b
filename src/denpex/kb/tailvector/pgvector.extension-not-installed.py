"""Computed diagnosis for pgvector.extension-not-installed: read the server path from the message."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("control_file") or "")
    if not path:
        return None
    name = str(facts.get("ext_name") or "")
    m = re.search(r"postgresql(?:@|/)(\d{1,2})\b|PostgreSQL/(\d{1,2})/|Versions/(\d{1,2})/", path)
    major = next((g for g in (m.groups() if m else ()) if g), "")
    derived: dict[str, Any] = {"pg_major": major}
    if name == "pgvector":
        derived["diagnosis"] = "wrong extension name (pgvector)"
        text = "The statement asked for an extension named 'pgvector'; pgvector's extension is called 'vector'."
        fix = ("Run CREATE EXTENSION IF NOT EXISTS vector; (not pgvector).",)
        return Explanation(text=text, fix=fix, derived=derived)
    derived["diagnosis"] = "pgvector not installed on this server"
    where = f"PostgreSQL {major}" if major else "the server"
    text = f"{where} has no {path}: pgvector is not installed for the server this connection reached."
    fix: list[str] = []
    if path.startswith("/usr/share/postgresql/") and major:
        fix.append(f"Debian/Ubuntu (or a postgres:{major} container): apt install postgresql-{major}-pgvector, or use the pgvector/pgvector:pg{major} image.")
    elif "/opt/homebrew" in path or "/usr/local/opt" in path or "Cellar" in path:
        fix.append("Homebrew: brew install pgvector (it targets Homebrew's default postgresql; for postgresql@NN build with that version's pg_config).")
    elif "Postgres.app" in path:
        fix.append("Postgres.app: build pgvector with PG_CONFIG=/Applications/Postgres.app/Contents/Versions/<NN>/bin/pg_config make && make install.")
    elif re.match(r"^[A-Za-z]:/", path):
        fix.append("Windows: build pgvector with nmake using this PostgreSQL's installation folder, or copy vector.control/.sql into share/extension and vector.dll into lib of that installation.")
    else:
        fix.append("Install pgvector with this server's pg_config (PG_CONFIG=... make && make install) or use an image that ships it.")
    fix.append("Then run CREATE EXTENSION IF NOT EXISTS vector; in the target database.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
