"""Computed diagnosis for python.unpickle-main-attribute-missing: which name, which program was __main__."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SERVERS = ("gunicorn", "uvicorn", "waitress", "streamlit", "hypercorn", "celery", "flask", "rq")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    if not attr:
        return None
    main = str(facts.get("main") or "__main__")
    mf = str(facts.get("main_file") or "")
    prog = mf.replace("\\", "/").rsplit("/", 1)[-1]
    kind = "class" if attr[:1].isupper() else "function"
    fix = [f"Move `{attr}` into a module (e.g. utils.py), import it from there when training, re-export, and import utils before loading."]
    if any(s in prog.lower() for s in _SERVERS) or main == "__mp_main__":
        where = f"`{prog}`" if prog else "a worker process"
        text = (f"The pickle references the {kind} `{attr}` of the saving program's __main__; here {main} is {where} "
                "(a server launcher or worker), which cannot define it.")
        fix.insert(0, f"Stopgap: import __main__; __main__.{attr} = {attr}  (after importing {attr}) before loading.")
        diagnosis = f"{attr} expected on {main} of a server/worker"
    elif prog:
        text = (f"The pickle references the {kind} `{attr}` that was defined in the saving notebook/script; the loading "
                f"program `{prog}` does not define `{attr}` at module level.")
        fix.insert(0, f"Stopgap: define or import `{attr}` at the top level of {prog} before the load call.")
        diagnosis = f"{attr} not defined in {prog}"
    else:
        text = (f"The pickle references the {kind} `{attr}` defined in the notebook/script that saved it; this session "
                f"does not define `{attr}`.")
        fix.insert(0, f"Stopgap: run the cell that defines `{attr}` (same name, same signature) before load_learner / torch.load.")
        diagnosis = f"{attr} not defined in this session"
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
