"""Computed diagnosis for python.signal-outside-main-thread: which library installed which handler."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LIBS = {
    "ray": "Ray (tune.run / Serve / a threaded actor) installs the handler: call tune.run from the script's main thread, or run the work in a Ray task/subprocess.",
    "pytorch_lightning": "Lightning's SLURM support installs SIGUSR1/SIGTERM handlers: pass plugins=[LightningEnvironment()] (or SLURMEnvironment(auto_requeue=False)) when the Trainer runs in a thread, or unset SLURM_JOB_NAME for interactive jobs.",
    "lightning": "Lightning's SLURM support installs SIGUSR1/SIGTERM handlers: pass plugins=[LightningEnvironment()] (or SLURMEnvironment(auto_requeue=False)) when the Trainer runs in a thread.",
    "timeout_decorator": "timeout_decorator uses SIGALRM by default: @timeout(seconds, use_signals=False) works in threads (runs the function in a process).",
    "uvicorn": "uvicorn.Server installs SIGINT/SIGTERM handlers: run uvicorn.run() in the main thread, or subclass Server and make install_signal_handlers a no-op when serving from a thread.",
    "vllm": "The vLLM engine installs signal handlers at start-up: launch it in the main thread of its process (a Ray Serve deployment's __init__ runs in a thread) or upgrade to a release that skips them there.",
    "sglang": "SGLang's launch_engine installs signal handlers: start it in a subprocess or the main thread, or upgrade to a release that guards it.",
    "gsd": "gsd installs a SIGTERM handler on import: import gsd in the main thread first, or upgrade gsd.",
    "graphrag": "graphrag's index CLI registers SIGINT: call the indexing API instead of the CLI function from a web worker thread, or upgrade graphrag.",
    "wandb": "The W&B agent runs the training function in a thread: run the sweep with the CLI agent (wandb agent) so training gets its own process.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = str(facts.get("call") or "signal")
    interp = bool(facts.get("interp"))
    signum = str(facts.get("signum") or "")
    package = str(facts.get("package") or "")
    thread = str(facts.get("thread") or "")
    what_sig = f" for {signum}" if signum else ""
    api = "signal.set_wakeup_fd (asyncio add_signal_handler)" if call == "set_wakeup_fd" else "signal.signal"
    where = f" in thread {thread}" if thread else " in a non-main thread"
    by = f" by {package}" if package else ""
    text = (f"{api}{what_sig} was called{by}{where}; CPython only allows it in the main thread"
            + (" of the main interpreter (Python 3.9+ wording)." if interp else "."))
    fix: list[str] = []
    if package in _LIBS:
        fix.append(_LIBS[package])
    elif package:
        fix.append(f"{package} installs a signal handler: call it from the main thread or a subprocess, or check its options for disabling signal handling.")
    if signum == "SIGALRM" and package != "timeout_decorator":
        fix.append("SIGALRM timeouts cannot work in threads: use concurrent.futures .result(timeout=...) or a subprocess.")
    fix.append("Run the entry point from the script's main thread (not a web callback, thread pool or Serve replica), or in a subprocess.")
    what = f"{api}{what_sig} called outside the main thread" + (f" ({package})" if package else "")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
