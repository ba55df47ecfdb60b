"""Computed diagnosis for langgraph.invalid-state-update: which of the three update problems, for which key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "must-write-one-of":
        raw = str(facts.get("channels") or "").strip()
        keys = [k.strip().strip("'\"") for k in raw.split(",") if k.strip()]
        if not keys:
            text = ("The state schema declares no keys a node can write (the list is empty): the State class has no "
                    "annotated fields, or the graph was built with a schema different from the one the nodes return.")
            fix = ("Declare the state keys as annotations on the TypedDict/Pydantic State class passed to StateGraph(State).",)
            return Explanation(text=text, fix=fix, derived={"diagnosis": "state schema has no keys"})
        shown = ", ".join(keys[:8]) + (" ..." if len(keys) > 8 else "")
        text = (f"A node returned an update that writes none of the {len(keys)} state key(s) ({shown}): it returned {{}} "
                "or only keys the state does not declare.")
        fix = (f"Return at least one of them (e.g. {{'{keys[0]}': state['{keys[0]}']}}) or None to skip, or add the "
               "returned key to the State class; newer langgraph accepts empty updates.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": "node wrote no state key", "state_keys": len(keys)})
    if sig == "one-value-per-step":
        key = facts.get("key")
        where = f"'{key}'" if key else "one state key"
        text = (f"Two or more nodes that ran in the same superstep wrote {where}, which has no reducer (a LastValue "
                "channel takes one write per step). Typical: parallel branches or Send fan-out, or a node returning the whole state.")
        if key == "messages":
            fix = ("messages: Annotated[list, add_messages]  # from langgraph.graph.message import add_messages",)
        elif key:
            fix = (f"{key}: Annotated[list, operator.add]  # or another reducer that merges the branch values",
                   f"or let only one branch return '{key}' (return only the keys a node changed)")
        else:
            fix = ("Give the shared key a reducer: Annotated[list, operator.add], or return only changed keys.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"concurrent writes to {where} without reducer"})
    if sig == "expected-dict":
        got = str(facts.get("got") or "a non-dict value")
        kind = "a list" if got.startswith("[") else ("a message object" if "Message" in got else f"'{got[:40]}'")
        text = f"A node returned {kind} instead of a dict of state updates."
        fix = ("return {'messages': [result]}  # wrap the value under the state key it belongs to",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": "node returned a non-dict"})
    return None
