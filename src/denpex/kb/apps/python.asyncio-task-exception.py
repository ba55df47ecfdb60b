"""Computed diagnosis for python.asyncio-task-exception: which task or callback failed and with what."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    exc = str(facts.get("exception") or "")
    if sig == "exception-in-callback":
        cb = str(facts.get("callback") or "")
        text = f"The event loop ran the callback {cb} and it raised; the loop logged it and kept running, so whatever that callback was doing stopped silently."
        fix = ["Fix the exception in the traceback after the message."]
        if "__wakeup" in cb or "_step" in cb:
            text += " A Task step failing inside the loop machinery usually means nest_asyncio or two event loops are mixed (Jupyter, uvloop, asyncio.run inside a running loop)."
            fix.append("Avoid nest_asyncio where possible: run the coroutine with await in the existing loop (Jupyter: top-level await), or run it in a separate thread with its own loop.")
        else:
            fix.append("Wrap the callback body in try/except that logs, or schedule a coroutine with create_task and keep/await the task instead.")
        return Explanation(text=text, fix=tuple(fix), derived={"kind": "callback", "where": f" {cb[:80]}" if cb else "", "exception": exc or "an exception"})
    kind = str(facts.get("kind") or "Future")
    task = str(facts.get("task") or "")
    coro = str(facts.get("coro") or "")
    where = ""
    if task or coro:
        where = " " + " ".join(p for p in (task, f"({coro})" if coro else "") if p)
    what = f"{kind}{where}"
    text = [f"The asyncio {what} finished with {exc or 'an exception'}, but no code awaited it, so asyncio reported it only when the task was garbage-collected."]
    if kind == "_GatheringFuture":
        text.append("It is an asyncio.gather() whose result was never awaited: one of the gathered coroutines raised.")
    fix = [f"Fix the {exc or 'exception'} shown in the traceback after the message" + (f" (raised in {coro})." if coro else ".")]
    fix.append(("Keep a reference to the task started for " + (coro or "this coroutine") + " and await it, or add task.add_done_callback(...) that logs task.exception(); asyncio.TaskGroup (3.11+) propagates it automatically."))
    if exc in ("RuntimeError",):
        text.append("A RuntimeError here is often 'attached to a different loop' or 'Event loop is closed': asyncio objects created in one loop and used in another, or tasks still running at shutdown.")
    if exc in ("CancelledError", "asyncio.CancelledError"):
        text.append("CancelledError means the task was cancelled (shutdown or timeout), usually a consequence of another failure.")
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"where": where, "exception": exc or "an exception"})
