"""Computed diagnosis for orbax.step-already-exists: committed step vs leftover temporary directory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = facts.get("step")
    if step is None:
        return None
    if facts.get("_signature") == "tmp-dir-exists":
        path = str(facts.get("path") or "")
        parent = path.rsplit("/", 1)[0] if "/" in path else "<checkpoint dir>"
        diagnosis = f"stale temporary directory for step {step}"
        text = (f"Orbax could not create the temporary directory for step {step} because '{path}' already exists: a save of "
                "that step was interrupted earlier, or another job/host is saving into the same directory.")
        fix = (f"Make sure no other job uses {parent}, then remove the leftovers: rm -rf {parent}/*.orbax-checkpoint-tmp-*",
               "Call checkpoint_manager.wait_until_finished() before the process exits so async saves are committed.")
    else:
        diagnosis = f"step {step} is already saved"
        text = (f"Checkpoint step {step} is already committed in this directory and Orbax never overwrites a step "
                "(force=True does not change that): the run saved this step before (resume, final save at an interval step) "
                "or another run uses the same directory.")
        fix = (f"Skip it: if {step} not in mngr.all_steps(): mngr.save({step}, ...)",
               f"Replace it deliberately: mngr.delete({step}) then mngr.save({step}, ...).",
               "Or use a fresh directory per run.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
