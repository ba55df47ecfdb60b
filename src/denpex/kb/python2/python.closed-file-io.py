"""Computed diagnosis for python.closed-file-io: a logging handler on a closed stream (noise) vs a crash on
a read/write of the user's own closed file object, with the failing line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    logging_frame = frame.base == "__init__.py" and "logging" in frame.file or frame.func == "emit"
    parts: list[str] = []
    fix: list[str] = []
    if logging_frame:
        headline = "A logging handler wrote to a closed stream (handled by logging; the program continues)" + where
        parts.append("The write comes from a logging handler's emit(): its stream (a redirected sys.stdout/stderr or a log file) was closed - typical in Ray/multiprocessing workers, under pytest capture, or during interpreter shutdown. logging reports the error and carries on.")
        fix.append("If the messages matter, configure logging inside the worker/process (logging.basicConfig(force=True, handlers=[...])) and do not close sys.stdout; otherwise this is noise - look for the run's real outcome elsewhere in the log.")
    else:
        m = re.search(r"([A-Za-z_][\w.]*)\.(write|writelines|read|readline|readlines|flush|seek|writerow|writerows)\(", code)
        obj = m.group(1) if m else ""
        headline = (f"`{obj}` is already closed when {m.group(2)}() runs" if m else "A closed file object was read or written") + where
        parts.append(f"{'`' + obj + '`' if obj else 'The file object'} was closed before this call: the end of its `with open(...)` block (a write indented outside the block, or code that runs after it), an explicit close(), or an owner object that closed it (e.g. a logger/callback reused after its end).")
        fix.append(f"Move the call inside the `with open(...) as {obj or 'f'}:` block, or reopen the file where it is needed (open(path, 'a') to append).")
        if re.search(r"csv|logger|writer", code.lower()) or re.search(r"callbacks", frame.file):
            fix.append("For callback loggers (Keras CSVLogger and similar), create a new instance per fit()/run or upgrade the library that closes and reopens it.")
    if code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
