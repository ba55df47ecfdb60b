"""Computed diagnosis for pyarrow.schema-mismatch-across-files: classify the two conflicting types."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INTS = re.compile(r"^u?int(8|16|32|64)$")


def _classify(a: str, b: str) -> tuple[str, str, tuple[str, ...]]:
    a, b = a.strip(), b.strip()
    pair = {a.split("<")[0], b.split("<")[0]}
    if a.startswith("dictionary<") or b.startswith("dictionary<"):
        return ("partition", "one side is the Hive partition column inferred from the directory names (dictionary), "
                "the other the same column stored inside the files",
                ("Read with partitioning=None (pd.read_parquet(path, partitioning=None)) or pass partitioning with an explicit field type.",
                 "Or stop writing the partition key into the files."))
    if _INTS.match(a) and _INTS.match(b):
        return ("int-width", f"integer widths differ ({a} vs {b}): some files were written with a downcast type",
                (f"Pass an explicit schema with the wider type, or cast tables before concatenating (t.cast(...)).",))
    if pair <= {"string", "large_string", "utf8", "large_utf8", "binary", "large_binary"}:
        return ("large-types", f"{a} vs {b}: 32-bit vs 64-bit offset string types (polars/Daft write large_string, pandas string)",
                ("Declare one schema (string or large_string) when reading, or cast the files to one type.",))
    if "null" in pair:
        return ("null", f"{a} vs {b}: a piece whose column is entirely null was written with the null type",
                ("Pass the full schema when reading, or write all-null columns with their real type.",))
    if pair & {"double", "float"} and any(_INTS.match(x) for x in (a, b)):
        return ("int-float", f"{a} vs {b}: pandas turns an integer column with missing values into float in some files",
                ("Use a nullable integer dtype (Int64) when writing, or read with a schema that uses double.",))
    return ("other", f"{a} vs {b}", ("Read with one explicit schema, or cast the pieces to a common schema.",))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = facts.get("field")
    a, b = facts.get("left_type"), facts.get("right_type")
    if field and a and b:
        kind, why, fix = _classify(str(a), str(b))
        return Explanation(text=f"Column '{field}': {why}.", fix=fix,
                           derived={"detail": f": column '{field}' is {str(a).strip()} in one piece and {str(b).strip()} in another ({kind})"})
    if facts.get("piece"):
        return Explanation(text=f"{facts['piece']} has a different schema from the first file of the dataset.",
                           fix=("Compare pq.read_schema() of that file with the others and rewrite or cast it; newer pyarrow/dask read with an explicit schema.",),
                           derived={"detail": f": {facts['piece']} differs from the first file"})
    if facts.get("index") is not None:
        return Explanation(text=f"Table/batch number {facts['index']} has a schema different from the first one being concatenated.",
                           fix=("Cast every table/batch to one schema before concat_tables/from_batches, or use promote_options='permissive'.",),
                           derived={"detail": f": table/batch #{facts['index']} differs"})
    return None
