"""Computed diagnosis for tf.grappler-init-node-missing: which initializer was pruned and what kind it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = str(facts.get("init_node") or "").strip()
    if not node:
        return None
    parts = node.split("/")
    last = parts[-1]
    derived: dict[str, Any] = {}
    if "table_init" in parts or last.startswith(("LookupTableImport", "InitializeTable")):
        kind = "lookup-table initializer"
        table = "/".join(parts[: parts.index("table_init")]) if "table_init" in parts else "/".join(parts[:-1])
        derived["variable"] = table
        text = (f"The converter pruned the initializer of lookup table {table or node}: the converted graph may run with an "
                "uninitialised table (empty or default lookups) if the conversion goes on.")
        fix = ("Convert from the SavedModel signature on a newer TensorFlow (table initialisers are kept), or move the string lookup "
               "out of the converted model (do it in the serving code).",
               "Check the converted model on a few inputs whose labels come from the table.")
    elif last in ("Assign", "AssignVariableOp") or last.endswith("Assign"):
        kind = "variable initializer"
        var = "/".join(parts[:-1])
        derived["variable"] = var
        text = (f"The graph was frozen (variable {var or node} became a constant) but its initializer {node} was still listed as "
                "an init op; grappler skipped optimising the item. If the model file was written, it is normally usable.")
        fix = ("If the .tflite / TF-TRT model was produced, verify it on a sample and ignore the line.",
               "Otherwise convert from a SavedModel or concrete function (TF2) instead of a session/.h5, or freeze the graph yourself first.")
    else:
        kind = "initializer op"
        text = f"The init op {node} named by the graph is not in the converted GraphDef; grappler skipped optimising it."
        fix = ("Convert from a SavedModel / concrete function, or freeze the graph before converting.",)
    derived["init_kind"] = kind
    return Explanation(text=text, fix=fix, derived=derived)
