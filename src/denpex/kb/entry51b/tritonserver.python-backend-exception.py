"""Computed diagnosis for tritonserver.python-backend-exception: model, instance, exception and the model.py frame."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FRAME = re.compile(r"(?P<file>[^\s()'\"]{1,300}\.py)\((?P<line>\d+)\): (?P<func>[\w<>]+)")


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    instance = str(facts.get("instance") or "").strip()
    exc_type = str(facts.get("exc_type") or "").strip()
    if not instance or not exc_type:
        return None
    raw = str(facts.get("exc_msg") or "")
    # the message is often JSON-escaped on one line: "msg\n\nAt:\n  /path/model.py(45): execute\n"
    parts = re.split(r"\\n|<br>", raw)
    msg = parts[0].strip()
    frames = [m.groupdict() for m in _FRAME.finditer(raw)]
    model, _, idx = instance.rpartition("_")
    if not (model and idx.isdigit()):
        model, idx = instance, ""
    derived: dict[str, Any] = {"model": model, "exception": f"{exc_type}: {msg}" if msg else exc_type}
    if idx:
        derived["instance_index"] = int(idx)
    # the stub prints the stack innermost frame first: the first frame is where it raised
    where = frames[0] if frames else None
    user = [f for f in frames if f["file"].endswith("model.py")]
    if where:
        derived["raised_at"] = f"{where['file']}:{where['line']} in {where['func']}()"
        derived["where_text"] = f" at {where['file'].rsplit('/', 1)[-1]} line {where['line']}"
        if user and user[-1] is not where:
            derived["model_py_frame"] = f"model.py:{user[-1]['line']} in {user[-1]['func']}()"
    else:
        derived["where_text"] = ""
    text = (f"Instance {instance} of the python-backend model '{model}' raised {exc_type}"
            + (f" ('{msg[:200]}')" if msg else "") + " while handling the request; Triton returned it as the request's error. ")
    if where:
        text += f"It raised at {derived['raised_at']}" + (
            f", called from {derived['model_py_frame']}." if "model_py_frame" in derived else ".")
    else:
        text += ("The Python stack follows the message after 'At:'; if it is cut, log traceback.format_exc() from "
                 "execute() with pb_utils.Logger and run tritonserver --log-verbose=1.")
    fix: list[str] = []
    if where:
        fix.append(f"Open {where['file']} at line {where['line']} and fix the {exc_type} there, then reload model '{model}'.")
    if exc_type == "NameError" and "pb_utils" in msg:
        fix.append("Add 'import triton_python_backend_utils as pb_utils' to the module that raised"
                   + (f" ({where['file'].rsplit('/', 1)[-1]})" if where else "") + "; each helper module needs its own import.")
    elif exc_type in {"ModuleNotFoundError", "ImportError"}:
        fix.append("Install the package into the Python environment the stub runs (the container's python3, or the "
                   "EXECUTION_ENV_PATH conda-pack archive of this model).")
    elif "c_python_backend_utils" in raw or (exc_type == "TypeError" and "pb_utils" in raw):
        fix.append("The failing call is a pb_utils API (InferenceResponse/Tensor/TritonError): check its signature for the "
                   "python_backend release in this Triton container.")
    if exc_type in {"UnidentifiedImageError", "JSONDecodeError", "UnicodeDecodeError"}:
        fix.append("The request bytes are not what execute() decodes: send real payloads (perf_analyzer --input-data file.json).")
    fix.append("Return pb_utils.InferenceResponse(error=pb_utils.TritonError(str(e))) for a bad request instead of raising "
               "for the whole batch.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError, IndexError):
        return None
