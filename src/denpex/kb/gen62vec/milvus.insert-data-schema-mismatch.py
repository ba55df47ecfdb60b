"""Computed diagnosis for milvus.insert-data-schema-mismatch: which field or count differs and the matching fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _names(text: str) -> list[str]:
    return re.findall(r"'([^']*)'", text or "")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "missed-field" and facts.get("field"):
        f = str(facts["field"])
        if f in ("id", "pk", "primary_key", "auto_id"):
            text = (f"The rows have no '{f}', and the collection's primary key '{f}' is not auto-generated (auto_id=False, "
                    "the default of MilvusClient.create_collection quick setup).")
            fix = (f"Create the collection with auto_id=True, or put a unique '{f}' value in every row.",)
            diag = "primary key missing from rows (auto_id=False)"
        else:
            text = (f"At least one row has no '{f}', which the schema declares as a required (non-nullable, no default) field: "
                    "typically metadata present in the first documents and missing in later ones.")
            fix = (f"Give every row a '{f}' value, or recreate the collection with '{f}' nullable=True / default_value, "
                   "or move such metadata to the dynamic field (enable_dynamic_field=True).",)
            diag = f"required field {f} missing from some rows"
        return Explanation(text=text, fix=fix, derived={"detail": f"rows lack field '{f}'", "diagnosis": diag})
    if sig == "list-count":
        try:
            exp, got = int(facts["expected"]), int(facts["got"])
        except (KeyError, TypeError, ValueError):
            return None
        if got == exp + 1:
            hint = "one list too many: the auto_id primary key column must be left out of column-based data"
        elif got < exp:
            hint = f"{exp - got} field column(s) missing (every non-auto-id field needs a list, in schema order)"
        else:
            hint = f"{got - exp} extra column(s) not in the schema"
        text = f"Column-based insert passed {got} lists; the schema needs {exp}: {hint}."
        return Explanation(text=text, fix=("Build the data as one list per schema field except an auto_id primary key, in schema order.",),
                           derived={"detail": f"{got} column lists for {exp} schema fields", "diagnosis": hint})
    if sig == "field-names":
        exp, got = _names(str(facts.get("expected_fields") or "")), _names(str(facts.get("got_fields") or ""))
        missing = [n for n in exp if n not in got]
        extra = [n for n in got if n not in exp]
        parts = []
        if missing:
            parts.append("missing " + ", ".join(missing))
        if extra:
            parts.append("unexpected " + ", ".join(extra))
        detail = "; ".join(parts) or "same names in another order or with other types"
        return Explanation(text=f"The data's fields differ from the schema: {detail}.",
                           fix=("Rename/drop DataFrame columns to the schema field names (describe_collection()), or enable the dynamic field for extras.",),
                           derived={"detail": detail, "diagnosis": detail})
    details = {
        "fields-number": ("rows carry another number of fields than the schema",
                          "Compare each row's keys with describe_collection(); remove extra keys or enable the dynamic field, add missing ones."),
        "same-column-type": ("one column mixes value types",
                             "Cast every value of a field to one type (all str or all int ids; floats for vectors) before insert."),
        "none-rows": ("the data is not a list of row dicts",
                      "Pass a list of dicts (one per entity), e.g. client.insert(name, [{'id': 1, 'vector': [...]}])."),
    }
    if sig not in details:
        return None
    d, fix = details[sig]
    return Explanation(text=f"pymilvus refused the insert before sending it: {d}.", fix=(fix,),
                       derived={"detail": d, "diagnosis": d})
