"""Computed diagnosis for macos.objc-uncaught-exception: what the exception's reason says."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exc = str(facts.get("exception") or "").strip()
    reason = str(facts.get("reason") or "").strip()
    if not exc:
        return None
    fw = str(facts.get("framework") or "").strip()
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    m = re.search(r"-\[(?P<cls>[A-Za-z_]\w*) (?P<sel>[A-Za-z_][\w:]*)\]: unrecognized selector", reason)
    r = re.search(r"index (?P<idx>\d+) beyond bounds(?: \[0 \.\. (?P<last>\d+)\]| for empty array)", reason)
    if m:
        derived["selector"] = m.group("sel")
        derived["kind"] = "unrecognized selector"
        parts.append(f"Native code sent '{m.group('sel')}' to an object of class {m.group('cls')}, which does not implement it "
                     f"({exc}): the caller expected another type or another framework version.")
        if m.group("cls").startswith(("__NSArrayI", "__NSDictionaryI")):
            parts.append(f"{m.group('cls')} is an immutable collection: the caller tried to modify it, a mismatch between the extension and the framework it was built against.")
    elif r:
        derived["kind"] = "index out of range"
        last = r.group("last")
        parts.append(f"Native code read index {r.group('idx')} of a list that " + (f"has only {int(last) + 1} items" if last else "is empty") + f" ({exc}).")
    else:
        derived["kind"] = "other"
        parts.append(f"An Apple framework raised {exc} ({reason[:160]}) and nothing caught it.")
    if fw:
        derived["framework"] = fw
        parts.append(f"The first-throw stack names {fw}.")
        if fw in ("MLCompute", "_pywrap_tensorflow_internal.so"):
            fix.append("tensorflow_macos (MLCompute) is archived: install tensorflow + tensorflow-metal on a combination from the tensorflow-metal compatibility table, or train on CPU.")
        elif fw.startswith(("Metal", "MPS", "libmetal_plugin")):
            fix.append("Match tensorflow / tensorflow-metal (or the Metal-using extension) to this macOS, or run the failing part on the CPU.")
    parts.append("The Objective-C runtime aborts the process; Python cannot catch it.")
    fix.append("Rerun on CPU to confirm the accelerated path is at fault; upgrade the extension; report the reason line and the first-throw stack upstream.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
