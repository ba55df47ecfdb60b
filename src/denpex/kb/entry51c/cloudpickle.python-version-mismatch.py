"""Computed diagnosis for cloudpickle.python-version-mismatch: which Python wrote the pickled code, which reads it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# positional arguments of types.CodeType (code.__new__) per CPython release
_READER_BY_COUNT = {15: "Python 3.7 or older", 16: "Python 3.8-3.10", 18: "Python 3.11+"}


def _writer(given: int) -> str:
    if given <= 15:
        return "Python 3.7 or older"
    if given == 16:
        return "Python 3.8-3.10"
    if given == 18:
        return "Python 3.11+"
    # dill stores its own field layout: more than the reader accepts means a newer interpreter wrote it
    return "a newer Python (3.11+, dill's field layout)" if given > 16 else "an older Python"


def _int(v: Any) -> int | None:
    try:
        return int(str(v).strip())
    except (TypeError, ValueError):
        return None


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    derived: dict[str, Any] = {}
    if sig == "int-required-bytes":
        writer, reader = "Python 3.7 or older", "Python 3.8+"
        text = ("The pickled code object has Python 3.7's field layout (no posonlyargcount): Python 3.8+ reads the "
                "bytecode bytes where an integer field now sits. It was pickled under 3.7 or older and is loaded "
                "under 3.8 or newer.")
    else:
        expected, given = _int(facts.get("expected")), _int(facts.get("given"))
        if expected is None or given is None:
            return None
        bound = str(facts.get("bound") or "most")
        reader = _READER_BY_COUNT.get(expected, f"a Python whose code() takes {expected} arguments")
        if bound == "least" and expected >= 18:
            reader = "Python 3.11+"
        writer = _writer(given)
        derived.update(expected_args=expected, given_args=given)
        text = (f"code() was given {given} fields but this interpreter's code() takes at {bound} {expected}: the "
                f"function was pickled under {writer} and is being unpickled under {reader}.")
    derived.update(writer_python=writer, reader_python=reader)
    fix = (f"Run the loading side on the same Python minor version as the side that pickled it ({writer}), or "
           f"re-save/re-log the model or function under {reader}.",
           "python -c \"import sys, cloudpickle; print(sys.version, cloudpickle.__version__)\"  # on both sides")
    return Explanation(text=text, fix=fix, derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None
