"""Computed diagnosis for python.asyncio-loop-running: notebook vs async code, library wrapper vs own call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ASYNC_API = {
    "llama_index": "the async methods (await query_engine.aquery(...), await evaluator.aevaluate(...))",
    "ragas": "ragas' async evaluation (or ragas.evaluate(..., is_async=False) on versions that accept it)",
    "crawl4ai": "await crawler.arun(...) inside an async with AsyncWebCrawler() block",
    "uvicorn": "await uvicorn.Server(uvicorn.Config(app, host='0.0.0.0', port=8000)).serve()",
    "openneuro": "a terminal (python -m openneuro ...) or nest_asyncio.apply() first",
    "langchain": "the a-prefixed methods (await chain.ainvoke(...))",
    "langchain_core": "the a-prefixed methods (await chain.ainvoke(...))",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    lib = str(facts.get("library") or "")
    nb = bool(facts.get("notebook"))
    if lib in {"nest_asyncio", "IPython", "ipykernel", "tornado", "asyncio"}:
        lib = ""
    where = "a notebook cell (the kernel already runs an event loop)" if nb else "code that already runs inside an event loop"
    what = {"asyncio-run": "asyncio.run()", "loop-already-running": "run_until_complete()/run_forever() on the running loop",
            "another-loop-running": "a second event loop"}.get(sig, "a new event loop")
    who = f"{lib}'s synchronous wrapper" if lib else "the code"
    problem = f"{who} started {what} from {where}"
    text = f"{who[0].upper() + who[1:]} tried to start {what} from {where}; asyncio allows one running loop per thread."
    fix: list[str] = []
    if lib and lib in _ASYNC_API:
        fix.append(f"Use {_ASYNC_API[lib]}.")
    elif lib:
        fix.append(f"Use {lib}'s async API (await the a-prefixed / async method) instead of the sync one.")
    else:
        fix.append("Await the coroutine instead of starting a loop: result = await main()" + (" (top-level await works in IPython 7+)." if nb else "."))
    if nb:
        fix.append("Workaround in notebooks: %pip install nest_asyncio; import nest_asyncio; nest_asyncio.apply() before the call.")
    else:
        fix.append("From async code, run a blocking sync wrapper in a thread: await asyncio.to_thread(fn, ...).")
    return Explanation(text=text, fix=tuple(fix), derived={"problem": problem})
