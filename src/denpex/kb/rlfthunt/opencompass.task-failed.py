"""Computed diagnosis for opencompass.task-failed: which task, what the exit code means, where to look."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CODES = {
    1: "a Python exception inside the task (model/tokenizer path, missing package, CUDA OOM ...)",
    9009: "Windows could not find the command the runner launched (python not on PATH in that shell)",
    127: "the shell could not find the command the runner launched",
    -9: "the task was killed (SIGKILL, usually the host OOM killer)",
    137: "the task was killed (SIGKILL, usually the host OOM killer)",
    -6: "the task aborted (SIGABRT, a native library crash)",
    134: "the task aborted (SIGABRT, a native library crash)",
    -11: "the task segfaulted (native crash)",
    139: "the task segfaulted (native crash)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    task = str(facts.get("task") or "").strip()
    if not task:
        return None
    stage = str(facts.get("stage") or "").strip()
    out_file = str(facts.get("out_file") or "").strip()
    code = facts.get("code")
    sig = facts.get("_signature")
    derived: dict[str, Any] = {"code_text": " (see its .out file)"}
    first = task.split(",")[0]
    model, _, dataset = first.partition("/")
    where = out_file or (f"outputs/<exp>/<time>/logs/{'eval' if 'Eval' in stage else 'infer'}/{model}/{dataset or '<dataset>'}.out")
    if sig == "no-predictions":
        text = (f"The evaluation of {task} found no predictions: the inference task for it failed earlier "
                "(or inference was skipped with --mode eval).")
        fix = (f"Open logs/infer/{model}/{dataset or '<dataset>'}.out of this run for the inference error, or rerun with --debug.",)
        return Explanation(text=text, fix=fix, derived=derived)
    meaning = ""
    if code is not None:
        try:
            c = int(code)
        except (TypeError, ValueError):
            c = None
        if c is not None:
            derived["code_text"] = f" with exit code {c}"
            meaning = _CODES.get(c, "")
    text = f"OpenCompass task {stage}[{task}] exited{derived['code_text'] if code is not None else ' with an error'}"
    text += f": {meaning}." if meaning else "."
    text += " The traceback is not in the console; it is in the task's .out file."
    fix = [f"Read {where} (or rerun the same command with --debug to see the traceback in the console)."]
    if code is not None and str(code) in ("9009", "127"):
        fix.append("Activate the OpenCompass environment in the shell that runs run.py so that 'python' resolves to it.")
    elif code is not None and str(code) in ("-9", "137"):
        fix.append("Lower --max-num-workers so fewer tasks load models at once, or give the job more host memory.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
