"""Computed diagnosis for darts.checkpoint-hparam-mismatch: tell a real difference from a darts comparison bug."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    param = facts.get("param") or facts.get("missing_param")
    if not param:
        return None
    cur = str(facts.get("current", "")).strip()
    exp = str(facts.get("expected", "")).strip()
    if facts.get("missing_param") and not facts.get("param"):
        text = (f"The checkpoint was trained with {param} set, but the model you created does not pass it. "
                "Darts lists the saved value on the '- {0}=...' line.".format(param))
        return Explanation(text=text, fix=(f"Add {param}=<saved value> to the model constructor, then load_weights again.",),
                           derived={"diagnosis": f"{param} missing at loading"})
    if " object at 0x" in cur and " object at 0x" in exp and cur.split(" object at")[0] == exp.split(" object at")[0]:
        cls = cur.split(" object at")[0].lstrip("<")
        text = (f"Both sides are {cls} instances; they differ only by memory address. darts 0.24 compared {param} by "
                "identity, so any new instance fails.")
        return Explanation(text=text, fix=("Upgrade darts (fixed in later releases, e.g. 0.25+/0.26+).",
                                           "Or rebuild the saved model with Model.load(...) / load_from_checkpoint(...) instead of load_weights."),
                           derived={"diagnosis": "darts comparison bug (object identity)"})
    if {cur, exp} <= {"None", "{}", "[]", ""} and cur != exp:
        text = (f"{param} is {cur} in the new model and {exp} in the checkpoint: the same empty setting, normalised "
                "differently (darts 0.25 TFTModel bug, unit8co/darts#1946).")
        return Explanation(text=text, fix=(f"Pass {param}={exp} explicitly when creating the model, or upgrade darts.",),
                           derived={"diagnosis": "darts comparison bug (None vs empty)"})
    text = (f"The model was created with {param}={cur} but the checkpoint was trained with {param}={exp}: "
            "a different architecture, the weights do not fit.")
    return Explanation(text=text, fix=(f"Create the model with {param}={exp} (and every other saved hyper-parameter) before load_weights.",),
                       derived={"diagnosis": f"{param} differs ({cur} vs {exp})"})
