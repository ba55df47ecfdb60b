"""The fingerprint that groups occurrences of one problem, the way error trackers group events.

Parts (all from the masked ``--json`` document):
- ``failure``: the primary finding's id (``unknown`` when no entry and no exception named it);
- for ``python.unhandled-exception`` / ``python.library-internal-error``: the exception class, the
  frame that raised it (``module.func``) and the last frame of the user's code (file name and
  function, no line number) from the finding's facts: the stack, as trackers group by, not the
  message (``KeyError: 'a'`` and ``KeyError: 'b'`` from one line of code are one bug);
  without a raising frame (no traceback in the log) the normalised line template stands in;
- for a knowledge-base entry: the facts that define the class (error names and codes, Xid numbers,
  signals, operations, dtypes: not sizes, counts, ranks, hosts, pids, paths, times or free text);
  a ``python.*`` entry that names a plain exception (``python.key-error``) groups like an unnamed
  one: the raising frame without its line number and the user's last frame, from its traceback;
- for a failure no entry and no traceback names (``unknown``): the normalised primary line
  ``template`` (launcher and logger prefixes cut, every token holding a digit, hex, path or mask
  placeholder replaced by ``<*>``).

Every group keeps its template (shown, and compared by ``similar``). The template is not hashed for
entry findings because, measured on 686 labelled real logs (``bench/history.py quality``), one
failure's line differs between torch versions, launchers, logger prefixes and truncated pastes far
more than between problems: with the template hashed, pairwise grouping precision/recall against
the labels was 0.912 / 0.063 (561 groups for 182 labels); with entry + class facts it is
0.974 / 0.527.

The same failure on another rank, host, step or with other numbers gets the same fingerprint;
another failure, another Xid, another CUDA error or another raising frame gets another one.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

EXCEPTION_IDS = frozenset({"python.unhandled-exception", "python.library-internal-error"})

# facts that name the class even when they are numbers (codes, not quantities)
CLASS_CODES = frozenset({
    "xid", "cuda_error_code", "cuda_error_name", "errno", "gai_errno", "signal", "signal_name", "signal_num",
    "cublas_code", "cublas_status", "cudnn_status", "exit_code", "exitcode", "exit_status", "exception",
    "inner_type", "inner_exc", "wrapped_by", "raised_in",
})
# str facts that vary between occurrences of one problem (identity, place, time, free text, sizes)
_VOLATILE_KEY = re.compile(
    r"(?:^|_)(?:hosts?|node|nodes|ip|addr|address|peer|path|file|dir|pid|ranks?|time|at|job|id|message|msg|"
    r"detail|headline|line|where|frame|key|tracker|version|shapes?|free|limit|command|cmd|step|url|port|repo|"
    r"gpu|pci|device|argument|param|size|count|seqnum|timeout|cause|task|loc|utilization|name|names|process|prog|"
    r"program|pid|user|model|capacity|allocate|allocated|reserved|bytes|factor)(?:_|$)"
)
_MAX_FACT = 80

_PLACEHOLDER = re.compile(r"<[A-Z]+-\d+>")
_PREFIXES = re.compile(
    r"^(?:\s*(?:\[[^\]]{0,80}\]|\d{4}-\d\d-\d\d[T ][\d:.,]+(?:Z|[+-]\d\d:?\d\d)?|"
    r"(?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL|FATAL|E|W|I|F)\d{4} [\d:.]+ +\d+ [\w.]+:\d+\]|"
    r"(?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL|FATAL)\b:?|\d\d-\d\d [\d:.,]+(?:\s+\[?[\w.]+:\d+\])?|"
    r"[\d:.,]{5,}|[\w.-]+\s*\||[-|:])\s*)+"
)
_TOKEN_WITH_DIGIT = re.compile(r"[^\s'\"`()\[\]{},;=]*\d[^\s'\"`()\[\]{},;=]*")
_HEX = re.compile(r"\b0x[0-9a-fA-F]+\b")
_PATH = re.compile(r"(?<![\w<])(?:/[\w.<>*-]+){2,}/?")
_SPACES = re.compile(r"\s+")
_LINE_SUFFIX = re.compile(r":\d+$")


def normalise_line(text: str) -> str:
    """A log line as a template: launcher/logger prefixes cut, volatile tokens as ``<*>``."""
    from ..unknown import strip_prefix

    t = strip_prefix(text or "")
    t = _PREFIXES.sub("", t, count=1)
    t = _PLACEHOLDER.sub("<*>", t)
    t = _HEX.sub("<*>", t)
    t = _PATH.sub("<*>", t)
    t = _TOKEN_WITH_DIGIT.sub("<*>", t)
    t = _SPACES.sub(" ", t).strip()
    return t[:300]


def _norm_value(v: Any) -> str | None:
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (list, tuple)):
        vals = sorted({x for x in (_norm_value(i) for i in v) if x})
        return ",".join(vals) or None
    if isinstance(v, (int, float)):
        return str(v)
    s = _PLACEHOLDER.sub("<*>", str(v)).strip()
    return s if s and len(s) <= _MAX_FACT else None


def class_facts(failure_id: str, facts: dict[str, Any]) -> dict[str, str]:
    """The facts that define the failure's class (see the module doc)."""
    out: dict[str, str] = {}
    for key, value in facts.items():
        if failure_id in EXCEPTION_IDS and key not in ("exception", "raised_in", "wrapped_by"):
            continue
        if key in CLASS_CODES:
            v = _norm_value(value)
        elif isinstance(value, str) and not _VOLATILE_KEY.search(key):
            v = _norm_value(value)
            if v is not None and (_TOKEN_WITH_DIGIT.fullmatch(v) or "/" in v):
                v = None  # a number or a path in a string fact: a quantity or a place
        else:
            v = None
        if v is not None:
            out[key] = v
    return out


def _stack_parts(facts: dict[str, Any]) -> dict[str, str]:
    """Where an exception was raised, as trackers group by: the raising frame without its line
    number ('data.py:12' -> 'data.py') and the user's last frame (file and function)."""
    out = {"raised_in": _LINE_SUFFIX.sub("", str(facts["raised_in"]))}
    uf = _user_frame(facts)
    if uf:
        out["user_frame"] = uf
    return out


def _user_frame(facts: dict[str, Any]) -> str | None:
    """'/home/<USER-1>/proj/train.py:42 in main' -> 'train.py in main'."""
    uf = facts.get("user_frame")
    if not isinstance(uf, str):
        return None
    where, _, func = uf.partition(" in ")
    file = where.rsplit(":", 1)[0].replace("\\", "/").rsplit("/", 1)[-1]
    return f"{file} in {func}".strip() if func else file


@dataclass(frozen=True)
class Fingerprint:
    key: str  # 16 hex digits
    failure_id: str
    title: str
    template: str  # the normalised primary line (also compared by ``similar``)
    parts: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "failure_id": self.failure_id, "template": self.template, "parts": self.parts}


def primary_line(doc: dict[str, Any]) -> str:
    """The line the diagnosis rests on: the primary's first evidence, else the unknown summary's."""
    p = doc.get("primary")
    if p and p.get("evidence"):
        return p["evidence"][0].get("text") or ""
    u = doc.get("unknown") or {}
    for key in ("exceptions", "fatal_lines", "error_lines", "exit_codes"):
        items = u.get(key) or []
        if items:
            return (items[-1] if key == "exceptions" else items[0]).get("text") or ""
    return ""


def fingerprint(doc: dict[str, Any]) -> Fingerprint:
    """The fingerprint of a masked diagnosis document (``Diagnosis.to_dict()``)."""
    p = doc.get("primary")
    failure_id = p["id"] if p else "unknown"
    title = (p.get("title") if p else None) or "failure no entry names"
    facts = (p.get("facts") if p else None) or {}
    template = normalise_line(primary_line(doc))
    parts: dict[str, Any] = {"failure": failure_id}
    if failure_id in EXCEPTION_IDS:
        parts["exception"] = facts.get("exception")
        if facts.get("raised_in"):
            parts.update(_stack_parts(facts))
        else:
            parts["template"] = template
        if facts.get("wrapped_by"):
            parts["wrapped_by"] = facts["wrapped_by"]
    elif failure_id == "unknown":
        parts["template"] = template  # nothing else names the problem
    elif failure_id.startswith("python.") and facts.get("exception") and facts.get("raised_in"):
        # a plain exception an entry names (KeyError, FileNotFoundError): one bug is one place in
        # the code, whatever key or path it was given there
        parts["exception"] = facts["exception"]
        parts.update(_stack_parts(facts))
    else:
        # a knowledge-base entry already names the class; its facts name the sub-class (Xid, op,
        # error name). The line's wording is not hashed: it varies with versions, launchers and
        # truncation (measured on the labelled corpora, see the module doc), and it stays in the
        # group record for display and for ``similar``.
        parts["facts"] = class_facts(failure_id, facts)
    blob = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    key = hashlib.sha256(blob.encode()).hexdigest()[:16]
    return Fingerprint(key=key, failure_id=failure_id, title=title, template=template, parts=parts)
