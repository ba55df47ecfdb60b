"""Read the two FSDP training states and say which ordering problem they mean."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expected = str(facts.get("expected_states") or "")
    current = str(facts.get("current_state") or "")
    if not expected or not current:
        return None
    if "BACKWARD_P" in expected and current == "IDLE":
        diagnosis = "a backward reached a unit whose forward FSDP did not track"
        text = (f"FSDP expected {expected} but the unit was IDLE: a backward hook fired for a unit that had no forward "
                "in flight - a reentrant activation checkpoint re-running it inside backward, a wrapped submodule "
                "called outside the root's forward, or a second (create_graph) backward.")
        fix = ("Use non-reentrant checkpointing inside the FSDP units (apply_activation_checkpointing with "
               "CheckpointImpl.NO_REENTRANT after wrapping), or turn activation checkpointing off to confirm.",)
    elif "IDLE" in expected and current != "IDLE":
        diagnosis = "a forward started before the previous backward finished"
        text = (f"FSDP expected {expected} but the unit was {current}: a new forward (or the optimizer step) began "
                "while units were still in the previous iteration's backward - several forwards before one backward, "
                "chunked steps under no_grad, or a backward that never ran for the last forward.")
        fix = ("Pair every forward with its backward (use model.no_sync() for accumulation and one backward per forward); "
               "do not run an extra forward whose output does not reach the loss.",)
    elif "FORWARD_BACKWARD" in expected and current == "IDLE":
        diagnosis = "a second-order backward re-entered finished units"
        text = ("FSDP expected FORWARD_BACKWARD but the unit was IDLE: a backward went through the unit again after "
                "its post-backward finished - a create_graph / gradient-penalty backward through nested FSDP units.")
        fix = ("Wrap the model as one FSDP unit (no auto-wrap policy) for second-order gradients, or use DDP for that model.",)
    else:
        diagnosis = f"unit in {current}, {expected} expected"
        text = f"FSDP expected {expected} but found {current}: its hooks fired in an order the training loop did not intend."
        fix = ("Check activation checkpointing (non-reentrant, inside the units) and that each forward has one backward.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
