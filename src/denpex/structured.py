"""Structured (JSON-lines) logs as the text their programs printed.

Container runtimes and log shippers store each line a process wrote as a JSON record: Docker's
json-file driver (``{"log": "...\\n", "stream": "stderr", "time": ...}``), Kubernetes and Cloud
Logging exports (``textPayload``, ``jsonPayload.message``), journald's ``journalctl -o json``
(``MESSAGE``), and Python JSON loggers (``message`` with ``exc_info`` holding the traceback). Read
raw, a traceback is one line of escaped ``\\n`` sequences that no line-anchored pattern and no
traceback reader can follow; rendered, each record's message (and traceback) is the text the
process wrote, so the same entries match as on a plain log.
"""

from __future__ import annotations

import json
from typing import Any

SNIFF_RECORDS = 5  # leading non-empty lines that must all be records with a message for a file to count

# where the text a process wrote sits in a record, in the order tried (dotted: nested objects)
_MESSAGE_KEYS = ("log", "message", "msg", "MESSAGE", "textPayload", "jsonPayload.message", "jsonPayload.msg",
                 "text", "event", "body")
# a traceback or stack kept apart from the message by JSON loggers (python-json-logger, structlog, loguru)
_STACK_KEYS = ("exc_info", "exception", "stack_trace", "stack", "traceback", "error.stack", "error.stack_trace",
               "jsonPayload.exc_info")
_TIME_KEYS = ("time", "timestamp", "@timestamp", "asctime", "ts", "__REALTIME_TIMESTAMP")


def _get(rec: dict[str, Any], key: str) -> Any:
    cur: Any = rec
    for part in key.split("."):
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return cur


def _text(rec: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    for k in keys:
        v = _get(rec, k)
        if isinstance(v, str) and v:
            return v
        if isinstance(v, list) and v and all(isinstance(x, str) for x in v):  # journald's byte arrays are ints: skipped
            return "".join(v)
    return None


def _dict_traceback(stacks: list[Any]) -> str | None:
    """structlog's ``dict_tracebacks`` (``exception``: one dict per exception of the chain, the last raised
    first, each ``exc_type``, ``exc_value``, ``frames`` of ``filename``/``lineno``/``name``, ``is_cause``) as
    the traceback Python would have printed: the first cause first, each chain link under Python's own
    separator line, so the traceback reader follows it as it follows a printed one."""
    if not all(isinstance(x, dict) and isinstance(x.get("exc_type"), str) for x in stacks):
        return None
    parts: list[str] = []
    for i in range(len(stacks) - 1, -1, -1):
        st = stacks[i]
        if i < len(stacks) - 1:
            parts.append("The above exception was the direct cause of the following exception:\n\n"
                         if stacks[i + 1].get("is_cause") else
                         "During handling of the above exception, another exception occurred:\n\n")
        frames = [f for f in st.get("frames") or () if isinstance(f, dict)]
        if frames:
            parts.append("Traceback (most recent call last):\n")
            for f in frames:
                parts.append(f'  File "{f.get("filename", "?")}", line {f.get("lineno", "?")}, in {f.get("name", "?")}\n')
                if isinstance(f.get("line"), str) and f["line"].strip():
                    parts.append(f"    {f['line'].strip()}\n")
        value = st.get("exc_value")
        value = value if isinstance(value, str) else ""
        parts.append(f"{st['exc_type']}: {value}\n" if value else f"{st['exc_type']}\n")
        if i > 0:
            parts.append("\n")
    return "".join(parts)


def _record(line: bytes) -> dict[str, Any] | None:
    s = line.strip()
    if not s.startswith(b"{"):
        return None
    try:
        rec = json.loads(s)
    except (ValueError, RecursionError):
        return None
    return rec if isinstance(rec, dict) else None


def looks_structured(head: bytes) -> bool:
    """Whether a file's first bytes are JSON records that carry a message: its first
    ``SNIFF_RECORDS`` non-empty lines (fewer when the file is shorter), each one whole."""
    lines = [ln for ln in head.split(b"\n")[:-1] if ln.strip()] if b"\n" in head else []
    if not lines:
        return False
    return all((rec := _record(ln)) is not None and _text(rec, _MESSAGE_KEYS + _STACK_KEYS) is not None
               for ln in lines[:SNIFF_RECORDS])


def render_structured(raw: bytes) -> bytes:
    """Each record as the text it holds: its time (when it has one) and message, then the traceback a
    JSON logger kept apart; a line that is not a record is kept as it is."""
    out: list[str] = []
    for line in raw.split(b"\n"):
        rec = _record(line) if line[:1] in (b"{", b" ", b"\t") else None
        if rec is None:
            if line.strip():
                out.append(line.decode("utf-8", "replace").rstrip("\r") + "\n")
            continue
        msg = _text(rec, _MESSAGE_KEYS) or ""
        stack = _text(rec, _STACK_KEYS)
        if stack is None and isinstance(exc := rec.get("exception"), list) and exc:
            stack = _dict_traceback(exc)
        stamp = next((v for k in _TIME_KEYS if isinstance(v := _get(rec, k), str) and v), None)
        body = msg if msg.endswith("\n") or not msg else msg + "\n"
        if stack and stack not in msg:
            body += stack if stack.endswith("\n") else stack + "\n"
        if not body.strip():
            continue
        if stamp and not body.startswith(stamp):
            body = f"{stamp} {body}"
        out.append(body)
    return "".join(out).encode("utf-8", "surrogatepass")
