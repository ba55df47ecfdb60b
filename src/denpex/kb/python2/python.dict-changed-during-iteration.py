"""Computed diagnosis for python.dict-changed-during-iteration: which container kind changed, the loop
that iterated it (read from the failing line) and whether the loop is the user's or a library thread's."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import import_packages, raising_frame
from denpex.models import Explanation

_EXPR = r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*|\[[^\[\]]{0,40}\]|\([^()]{0,60}\))*?"
_LOOP = re.compile(rf"\bfor\s+[^:]{{1,80}}?\s+in\s+(?P<expr>{_EXPR})(?:\.(?P<view>items|keys|values)\(\))?\s*(?::|\)|\]|\}}|$|if\b|for\b)")
_STDLIB_FILES = ("_weakrefset.py", "threading.py", "inspect.py", "copy.py", "logging/__init__.py", "warnings.py", "pickle.py", "importlib")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    what = str(facts.get("what") or "")
    if not what:
        return None
    code = str(facts.get("code") or "").strip()
    lib = str(facts.get("lib") or "")
    thread = str(facts.get("thread") or "")
    frame = raising_frame(facts)
    where = f" at {frame.where}" if frame.where else ""
    kind = "set" if what.startswith("Set") else "OrderedDict" if what.startswith("OrderedDict") else "deque" if what.startswith("deque") else "dict"
    m = _LOOP.search(code)
    expr = m.group("expr") if m else ""
    view = (m.group("view") or "") if m else ""
    shown = f"`{expr}`" if expr else f"a {kind}"
    stdlib = any(s in frame.file for s in _STDLIB_FILES) or (frame.file and "site-packages" not in frame.file and "/lib/python" in frame.file)
    in_library = bool(frame.pkg) or stdlib
    parts: list[str] = []
    fix: list[str] = []
    if in_library and (thread or lib == "tqdm" or frame.base == "_weakrefset.py"):
        owner = lib or frame.pkg or "a library"
        headline = f"A {kind} was changed by another thread while {owner} iterated it" + where
        parts.append(f"{owner} iterated a shared {kind} ({what} during iteration)" + (" in a background thread" if thread else "") + " while other code added or removed entries: a thread race, not a mistake in a loop you wrote.")
        if owner == "tqdm":
            parts.append("tqdm's monitor thread walks the set of open progress bars; creating or closing bars concurrently (many bars, bars never closed, bars from several threads) changes that set under it (tqdm #481).")
            fix.append("Upgrade tqdm (pip install -U tqdm), close every bar (with tqdm(...) as bar: or bar.close()), or disable the monitor thread: tqdm.tqdm.monitor_interval = 0 before creating bars.")
        else:
            fix.append(f"Upgrade {owner}; if your code shares this object with threads (callbacks, DataLoader threads, background savers), guard it with a threading.Lock or hand each thread a copy.")
        if expr:
            parts.append(f"Iterating line: `{code}`.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    sd = bool(re.search(r"state_dict|checkpoint|ckpt|weights", expr + " " + code, re.IGNORECASE)) or kind == "OrderedDict" and "module." in code
    modules = bool(re.search(r"sys\.modules|__dict__|globals\(\)|vars\(", code))
    headline = (f"{frame.pkg} changed {shown} ({kind}) while iterating it" if frame.pkg else f"{shown} ({kind}) was modified inside the loop that iterates it") + where
    parts.append(f"The loop over {shown}" + (f".{view}()" if view else "") + f" saw the {kind} {'change size' if 'size' in what else 'change'} before it finished: keys were added or removed" + (" in the loop body" if not in_library else "") + ".")
    if code:
        parts.append(f"Iterating line: `{code}`.")
    if sd:
        parts.append("This is a checkpoint/state_dict (an OrderedDict): renaming or deleting its keys while looping over it triggers the error.")
        fix.append(f"Build a new dict instead: {expr or 'state_dict'} = {{k.replace('module.', '', 1): v for k, v in {expr or 'state_dict'}.items()}} (or filter with an if in the comprehension), then load that.")
    elif modules:
        parts.append("The loop walks sys.modules or a module/object __dict__, which changes whenever something is imported or an attribute is set - often by another thread or a lazy import triggered inside the loop.")
        fix.append("Iterate over a snapshot (list(sys.modules.items()) / list(vars(obj).items())); if the loop is in a library, upgrade it.")
    elif kind == "set":
        fix.append(f"Iterate over a copy: for x in list({expr or 's'}): ..., or collect the elements to add/remove and apply them after the loop.")
    if kind != "set" and not sd and not modules:
        fix.append(f"Iterate over a snapshot: for k, v in list({expr or 'd'}.items()): ..., or build a new dict with a comprehension / collect keys to delete and delete them after the loop.")
    if frame.pkg:
        parts.append(f"The loop is in {frame.pkg}'s own code: either its loop body changes the object (a bug in that release, usually fixed in a later one) or your code changes it from a callback/hook run during the loop or from another thread.")
        dist = import_packages().get(frame.pkg, ("",))[0]
        pip = f" (pip install -U {dist})" if dist and not dist.startswith("(") else ""
        fix.insert(0, f"Upgrade {frame.pkg}{pip} and check its issue tracker for this error; as a local workaround, make that loop iterate over list(...) of the object.")
        fix.append("Do not modify the object the library iterates from callbacks it calls, and guard objects shared with threads with a threading.Lock.")
    elif in_library:
        parts.append("The loop is in the standard library: the object it iterates was changed by your code (a callback run during the loop) or by another thread.")
        fix.append("Pass the standard-library function a copy of the object, or guard the object with a threading.Lock if other threads change it.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
