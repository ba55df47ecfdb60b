"""Computed diagnosis for tf.variable-already-exists: where the first definition came from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SHARED = ("discriminator", "generator", "encoder", "decoder", "siamese", "tower", "shared", "critic")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = facts.get("variable")
    if not var:
        return None
    var = str(var)
    top = var.split("/", 1)[0]
    if facts.get("_signature") == "does-not-exist-reuse":
        return Explanation(
            text=(f"A scope with reuse=True asked for {var}, which was never created in this graph: the first (creating) "
                  "call did not happen in this graph, or the scope names differ between the two calls."),
            fix=(f"Use reuse=tf.AUTO_REUSE for scope '{top}' so the first call creates and later calls reuse.",),
            derived={"diagnosis": "reuse requested before creation"},
        )
    dfile = str(facts.get("defined_file") or "")
    if "ipython-input" in dfile or dfile.startswith("<"):
        return Explanation(
            text=(f"{var} was first defined in a notebook cell ({dfile}); re-running the model-building cell creates it "
                  "again in the same default graph."),
            fix=("Put tf.reset_default_graph() at the top of the model-building cell (and recreate the session), or restart the kernel.",),
            derived={"diagnosis": "notebook cell re-run"},
        )
    if top.lower() in _SHARED or any(top.lower().startswith(s) for s in _SHARED):
        return Explanation(
            text=(f"Scope '{top}' looks like a shared sub-network called twice (e.g. the discriminator on real and fake "
                  f"inputs); the second call tried to create {var} again."),
            fix=(f"with tf.variable_scope('{top}', reuse=tf.AUTO_REUSE): ...  # or reuse=True on the second call",),
            derived={"diagnosis": "shared sub-network without reuse"},
        )
    where = f" (first defined at {dfile}:{facts.get('defined_line')})" if dfile else ""
    return Explanation(
        text=(f"{var} already exists in the default graph{where}: the model-building code ran twice in this process."),
        fix=("Build the model once and reuse its tensors, or call tf.reset_default_graph() before rebuilding; give separate models their own tf.Graph().",),
        derived={"diagnosis": "model built twice in one graph"},
    )
