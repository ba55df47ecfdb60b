"""Computed diagnosis for streamlit.thread-missing-scriptruncontext: who owns the thread."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    thread = facts.get("thread")
    if not thread:
        return None
    thread = str(thread)
    if thread.startswith("ThreadPoolExecutor"):
        owner = "a concurrent.futures ThreadPoolExecutor worker (executor.submit / map, or asyncio's default executor)"
    elif thread.startswith("Thread-"):
        owner = "a threading.Thread started by the app or a library"
    elif thread.startswith("asyncio"):
        owner = "an asyncio executor thread (loop.run_in_executor / asyncio.to_thread)"
    else:
        owner = f"the thread named {thread}"
    text = f"st.* was called from {owner}; Streamlit dropped the call because that thread has no ScriptRunContext."
    fix = ("Return results from the worker and display them on the script thread.",
           "Or add_script_run_ctx(thread, get_script_run_ctx()) before thread.start() (unsupported).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"st call from {thread} dropped"})
