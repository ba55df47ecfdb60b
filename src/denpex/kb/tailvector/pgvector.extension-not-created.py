"""Computed diagnosis for pgvector.extension-not-created: which type and schema were missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("type_name") or "")
    if not t:
        return None
    schema = str(facts.get("schema") or "")
    if t in ("halfvec", "sparsevec"):
        text = (f"The client registers {t}, which exists only in pgvector 0.7+; the server's extension is older (or absent) "
                f"in {schema + ' of ' if schema else ''}this database.")
        fix = ("Upgrade the server extension: ALTER EXTENSION vector UPDATE; (after installing pgvector 0.7+ on the server).",
               "Or upgrade pgvector-python to a release that skips types the database lacks.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"{t} missing: server pgvector older than 0.7"})
    if schema and schema not in ("public",):
        text = (f"asyncpg looked for {schema}.{t}; the vector extension is not in that schema of the connected database "
                "(not created, or created in another schema).")
        fix = ("Run CREATE EXTENSION IF NOT EXISTS vector; in this database, or pass the schema where it was created "
               "(register_vector(conn, schema='extensions') / set_type_codec(..., schema=...)).",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"vector type not in schema {schema}"})
    text = ("The vector type does not exist in the database this connection uses: CREATE EXTENSION vector was not run there "
            "(or not committed, or created in a schema outside search_path).")
    fix = ("psql \"$DATABASE_URL\" -c 'CREATE EXTENSION IF NOT EXISTS vector;' then reconnect and call register_vector().",
           "Check SELECT current_database(), current_setting('search_path'); from the app.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "extension not created in this database"})
