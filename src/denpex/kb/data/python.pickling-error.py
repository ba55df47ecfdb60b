"""Computed diagnosis for python.pickling-error: what could not be pickled, why, and the concrete change."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HANDLES = {
    "_thread.lock": "a thread lock (held by a logger, queue, tqdm bar, threading.Thread/Event or a client object)",
    "_thread.RLock": "a re-entrant thread lock (logging handlers, threading.Condition, many client objects)",
    "_thread._local": "a thread-local object",
    "_io.TextIOWrapper": "an open text file",
    "_io.BufferedReader": "an open binary file",
    "_io.BufferedWriter": "an open binary file",
    "SSLContext": "an SSL context (an HTTP/database client)",
    "Environment": "an LMDB environment (lmdb.open)",
    "generator": "a generator",
    "module": "a module object",
    "socket": "an open socket",
    "weakref": "a weak reference",
    "weakref.ReferenceType": "a weak reference",
    "Thread": "a thread",
    "_queue.SimpleQueue": "a queue",
}
_SPAWN = {
    "popen_spawn_win32": "spawn (Windows)",
    "popen_spawn_posix": "spawn (macOS default, or set explicitly)",
    "popen_forkserver": "forkserver (Linux default since Python 3.14)",
}


def _local_parts(raw: str) -> tuple[str, str] | None:
    name = raw.strip()
    if name.startswith("'") and name.endswith("'"):
        name = name[1:-1]
    elif name.startswith("<") and name.endswith(">"):
        name = re.sub(r" at 0x[0-9a-fA-F]+$", "", name[1:-1])
        name = re.sub(r"^(?:function|class|bound method|method) ", "", name).strip("'")
    if "<locals>" not in name:
        return None
    outer, _, inner = name.rpartition(".<locals>.")
    return outer, inner


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    parts: list[str] = []
    fix: list[str] = []
    what = ""
    if "local" in g:
        lp = _local_parts(g["local"])
        if lp:
            outer, inner = lp
            kind = "a lambda" if inner.endswith("<lambda>") else f"the nested function {inner}()"
            what = f"cannot pickle {kind} defined inside {outer}()"
            parts.append(f"{kind[0].upper() + kind[1:]} defined inside {outer}() cannot be pickled: pickle stores functions by module and name, and a local function has no importable name.")
            fix.append(f"Move {'it' if inner.endswith('<lambda>') else inner + '()'} out of {outer}() to module level; bind any values it captured with functools.partial(fn, value=...) instead of a closure.")
        else:
            what = f"cannot pickle the local object {g['local']}"
            parts.append(f"{g['local']} is defined inside a function, so pickle cannot find it by name.")
            fix.append("Define it at module level (functools.partial for bound arguments).")
    elif "obj_type" in g:
        t = g["obj_type"]
        desc = _HANDLES.get(t) or _HANDLES.get(t.rsplit(".", 1)[-1]) or f"an object of type {t}"
        what = f"cannot pickle a '{t}' object ({desc.split(' (')[0]})"
        parts.append(f"Something sent to the worker holds {desc}, which cannot be pickled.")
        fix.append("Find the attribute: for k, v in vars(obj).items(): try pickle.dumps(v) except Exception as e: print(k, e) (obj = the dataset / object passed to the worker).")
        if "lock" in t.lower() or t.endswith("Thread"):
            fix.append("Do not keep loggers, threads, queues, progress bars or client objects on the dataset; create them inside the worker, or drop them in __getstate__.")
        else:
            fix.append("Open the handle lazily in the worker (on first __getitem__ or in worker_init_fn), not in __init__; exclude it in __getstate__.")
    elif "object" in g:
        obj = g["object"]
        what = f"cannot pickle {obj} (pickle finds functions by module and name)"
        if "<lambda>" in obj:
            parts.append(f"{obj} is a lambda: pickle saves functions by name and a lambda has none.")
            fix.append("Replace the lambda with a named module-level function (functools.partial for arguments).")
        else:
            where = f" in module {g['module']}" if "module" in g else ""
            parts.append(f"pickle looked up {obj} by its name{where} and did not find the same object: it was redefined (notebook re-run), wrapped by a decorator without functools.wraps, or created dynamically.")
            fix.append("Define it once at module level; use functools.wraps in decorators; import it from a .py module instead of defining it in a notebook.")
    elif "ray_arg" in g:
        what = f"Ray could not serialize an argument of {g.get('ray_target', 'a task or actor')}"
        parts.append(f"Ray could not serialize the argument {g['ray_arg'][:120]} for {g.get('ray_target', 'a task or actor')}; the '!!! FAIL serialization' lines under the error name the member that cannot be pickled.")
        fix.append("Pass plain data to the task/actor and create clients, locks and handles inside it (e.g. in the actor's __init__); ray.util.inspect_serializability(obj) lists the offending members.")
    elif facts.get("_signature") == "spawn-child-eof":
        what = "a spawned worker received nothing from its parent (EOFError: Ran out of input in spawn_main)"
        parts.append("The EOFError comes from the child process: it found its parent's pipe empty, because the parent failed while "
                     "pickling the dataset / collate_fn / worker_init_fn for it (or died) - the parent's own error, printed above or "
                     "interleaved with this traceback, is the cause.")
        fix.append("Read the parent's traceback (the other 'Traceback' block): a PicklingError / cannot pickle 'X' object / Can't pickle local object names what to change.")
        fix.append("Guard the entry point with if __name__ == '__main__': and keep lambdas, open files, locks and LMDB/HDF5 handles off the dataset.")
    elif "main_attr" in g:
        a = g["main_attr"]
        what = f"the spawned child cannot find '{a}' (defined in an interactive __main__)"
        parts.append(f"The spawned worker could not find {a} in __main__: it was defined in a notebook/REPL/python -c, which a spawned child cannot re-import.")
        fix.append(f"Move {a} into a .py module and import it, or use num_workers=0 in notebooks.")
    else:
        what = "the script starts workers while being imported by a spawned child (no if __name__ == '__main__' guard)"
        parts.append("Under spawn the child re-imports the main script; without the __main__ guard it tries to start workers again while importing.")
        fix.append("Put the entry point under if __name__ == '__main__': main() (and call multiprocessing.freeze_support() for frozen Windows executables).")
    sm = g.get("start_method")
    if sm:
        parts.append(f"The worker was started with {_SPAWN.get(sm, sm)}, which pickles the dataset, collate_fn and worker_init_fn for every worker.")
        if sm != "popen_spawn_win32" and "main_attr" not in g:
            fix.append("On Linux, if no CUDA is initialised before the workers start, DataLoader(..., multiprocessing_context='fork') avoids pickling altogether.")
    fix.append("Quick check: num_workers=0 makes the error disappear if the worker path is the only one that pickles.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
