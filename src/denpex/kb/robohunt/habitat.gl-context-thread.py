"""Computed diagnosis for habitat.gl-context-thread."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "no-current-context":
        return Explanation(
            text="A habitat-sim call ran on a thread that does not own the simulator's GL context (web server worker, thread pool), or after the simulator that owned it was replaced.",
            fix=("Make every simulator call on the thread that created it: app.run(threaded=False), or a single worker thread fed by a queue.",
                 "When processing several scenes, sim.close() each simulator before creating the next."),
            derived={"cause": "call from a thread without the GL context"})
    if sig == "another-context-active":
        return Explanation(
            text="A new habitat-sim Simulator was created while another one still holds the GL context in this thread.",
            fix=("Call sim.close() on the old simulator first, or reuse it with sim.reconfigure(cfg).",
                 "For several simulators at once, run each in its own process (habitat-lab VectorEnv)."),
            derived={"cause": "second simulator while the first is alive"})
    return None
