"""Computed diagnosis for serving.app-startup-failed: the startup exception read just above the line, if any."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = (
    (("OutOfMemoryError", "out of memory"), "the model did not fit on the GPU while loading at startup: use a smaller/quantized model, free the GPU, or load it on another device"),
    (("FileNotFoundError", "No such file", "does not appear to have a file", "is not a local folder"), "a model or config file the startup code opens is missing: check the path / mounted volume / MODEL_PATH variable"),
    (("ModuleNotFoundError", "ImportError"), "a package the startup code imports is not installed in the server's environment"),
    (("KeyError",), "a configuration key or environment variable read at startup is missing"),
    (("ConnectionError", "ConnectionRefusedError", "OSError: [Errno 111]", "HTTPError", "LocalEntryNotFoundError"), "a service the startup code contacts (Hugging Face Hub, database, Redis) is unreachable"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("inner_error") or "")
    msg = str(facts.get("inner_message") or "")
    if facts.get("_signature") == "lifespan-exception":
        return Explanation(
            text="The ASGI app raised inside uvicorn's lifespan handling before it could report a startup failure; the traceback that follows names the exception.",
            fix=("Fix the exception at the end of the following traceback; if it is an AssertionError inside uvicorn/lifespan, upgrade uvicorn and starlette/fastapi together.",),
            derived={"because": ": the app raised in the lifespan protocol"},
        )
    if facts.get("_signature") == "gunicorn-worker-failed-to-boot":
        return Explanation(
            text="gunicorn's master stopped because a worker exited during boot (exit status 3); its own 'Shutting down' / HaltServer traceback is not the cause. The worker's error - an import error in the app module, or a uvicorn worker's 'Application startup failed' with the startup traceback - is printed before it.",
            fix=("Find the first traceback after 'Booting worker with pid' and fix it; run the app once without gunicorn (python -c 'import main' or uvicorn main:app) to see it directly.",
                 "If nothing is printed, start gunicorn with --preload --log-level debug so import errors surface in the master."),
            derived={"because": ": gunicorn worker failed to boot"},
        )
    if not err:
        return Explanation(
            text="uvicorn reports that the app's startup/lifespan code raised, but the exception is not in this part of the log.",
            fix=("Find the ERROR traceback logged between 'Waiting for application startup.' and this line and fix its exception; if none was logged, rerun with --lifespan on --log-level debug (or call the startup function directly) to see it.",),
        )
    hint = next((h for keys, h in _HINTS if any(k in err or k in msg for k in keys)), None)
    text = f"The app's startup code raised {err}: {msg}." + (f" That means {hint}." if hint else "")
    return Explanation(
        text=text,
        fix=(f"Fix the {err} raised in the startup/lifespan handler (see the traceback above); uvicorn will then log 'Application startup complete.'",),
        derived={"because": f": {err}: {msg[:160]}"},
    )
