"""Computed diagnosis for nequip.builder-instantiate-failed: the wrapped error and where to look."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prefix = str(facts.get("prefix") or "")
    builder = str(facts.get("builder") or "the builder")
    inner = str(facts.get("inner_error") or "").strip()
    if inner.startswith("RuntimeError: Failed to build object"):
        inner = ""
    fix: list[str] = []
    if inner:
        text = f"Building `{builder}` for `{prefix}` raised {inner}; the RuntimeError only wraps it."
        cause = f": {inner[:160]}"
        low = inner.lower()
        if "permission" in low:
            fix.append("Make the dataset root folder writable (or move it out of a synced/protected folder) and delete stale processed_dataset_* folders.")
        elif "filenotfound" in low or "no such file" in low:
            fix.append("Point dataset_file_name at the file relative to where nequip-train runs (or use an absolute path).")
        elif low.startswith("keyerror"):
            fix.append("Make key_mapping / include_keys name keys that exist in the data file (check ase.io.read(...).info / .arrays).")
    else:
        text = (f"NequIP could not build `{builder}` for config block `{prefix}`; the cause is the exception printed "
                "above this line (before 'The above exception was the direct cause').")
        cause = ""
    if "Dataset" in builder or prefix.startswith(("dataset", "validation_dataset")):
        fix.append("Check dataset_file_name, key_mapping/include_keys and chemical_symbols/type_names against the data, and delete the processed_dataset_* cache under root.")
    fix.append("Use nequip and allegro from the same release line with that release's example configs (0.7/0.4 changed the format).")
    return Explanation(text=text, fix=tuple(fix), derived={"cause": cause})
