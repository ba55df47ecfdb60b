"""Computed diagnosis for gradio.event-handler-output-count: a crashed handler, a one-value status, or two releases."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        needed = int(facts.get("needed") or 0)
        received = int(facts.get("received") or 0)
    except (TypeError, ValueError):
        return None
    if not needed:
        return None
    fn = str(facts.get("fn") or "")
    who = f"handler {fn}" if fn else "the event handler"
    where = f"grep -rn 'def {fn}' in the app, the web UI's modules/ and extensions/" if fn else \
        "the traceback's last frame outside gradio/"
    missing = needed - received
    inner = html.unescape(str(facts.get("inner_error") or "")).strip()
    derived = {"missing": str(missing), "handler": fn or "(unnamed)"}
    if inner:
        derived["inner_error"] = inner
        return Explanation(
            text=(f"{who} crashed before the count check: the web UI's error wrapper returned {received} placeholder "
                  f"value(s) with an error box instead of {needed}, so Gradio's count error hides the real one: {inner}"),
            fix=(f"Fix the error in the box ({inner.split(':', 1)[0]}); the output count error goes away with it",
                 "If it comes from an extension, update or disable that extension"),
            derived=derived,
        )
    if received <= 1 and needed >= 5:
        text = (f"{who} returned a single value for {needed} bound outputs: either it is wired to a whole panel it "
                f"was not written for (an extension or UI script from another release than the web UI), or one of its "
                f"return paths returns None / one status value.")
    else:
        text = (f"{who} returned {received} value(s) where its event is bound to {needed} outputs ({missing} missing): "
                f"the handler and the outputs list disagree, usually because an extension and the web UI come from "
                f"different releases (one side was updated, the other not).")
    return Explanation(
        text=text,
        fix=(f"Find the handler ({where}) and compare its return values with the 'Wanted outputs' list",
             "Update the web UI and its extensions together (or roll the updated side back); restart the console",
             f"In your own code, return {needed} values on every path (gr.update() / gr.skip() for unchanged outputs)"),
        derived=derived,
    )
