"""Computed diagnosis for hydra.instantiate-failed: import problem or config/signature mismatch."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    target = str(facts.get("target") or "")
    if not target:
        return None
    sig = facts.get("_signature")
    inner = str(facts.get("inner_msg") or "")
    node = facts.get("full_key")
    at = f" (config node {node})" if node else ""
    if sig in ("locate-target", "load-module-11"):
        mod = target.rsplit(".", 1)[0]
        top = target.split(".", 1)[0]
        m = re.search(r"No module named '([^']+)'", inner)
        if m and m.group(1).split(".")[0] == top:
            text = (f"_target_ '{target}'{at} cannot be imported: its top-level package '{top}' is not on sys.path from "
                    "where the script runs.")
            fix = ("Run from the project root, or pip install -e . so the package is importable",
                   f"python -c \"import {mod}\"  # must succeed in the same directory/environment")
        elif m:
            text = (f"Importing the module of _target_ '{target}'{at} failed: it needs '{m.group(1)}', which is not installed.")
            fix = (f"pip install the package providing '{m.group(1)}'",)
        else:
            text = (f"Hydra could not import _target_ '{target}'{at}: a typo/renamed class, a package not on sys.path, "
                    "or an error raised while importing its module.")
            fix = (f"python -c \"import {mod}\"  # shows the real import error",
                   "HYDRA_FULL_ERROR=1 to see the chained exception; fix the dotted path in the config")
        return Explanation(text=text, fix=fix, derived={"stage": "import"})
    m = re.search(r"unexpected keyword argument '([^']+)'", inner)
    if m:
        key = m.group(1)
        if key == "_partial_":
            return Explanation(text=f"'{target}' received _partial_ as an argument: this Hydra is older than 1.2.",
                               fix=("pip install -U 'hydra-core>=1.2'",), derived={"stage": "call"})
        return Explanation(
            text=f"'{target}'{at} does not accept the config key '{key}': every key of the node is passed as a keyword argument.",
            fix=(f"Rename or remove '{key}' in the config node (check inspect.signature of {target})",
                 "or point _target_ at the class that takes this argument"),
            derived={"stage": "call", "bad_key": key})
    m = re.search(r"missing (\d+) required (?:positional|keyword-only) arguments?: (.{1,200}?)[\"')]*$", inner)
    if m:
        return Explanation(
            text=f"'{target}'{at} needs argument(s) {m.group(2)} that the config does not provide.",
            fix=(f"Add {m.group(2)} to the config node, or pass it at call time: instantiate(cfg, {m.group(2).split(',')[0].strip(chr(39))}=...)",),
            derived={"stage": "call"})
    itype = facts.get("inner_type")
    what = f"{itype}: {inner}" if itype and inner else (inner or "an exception")
    return Explanation(
        text=f"Hydra found '{target}' but calling it{at} raised {what}.",
        fix=("HYDRA_FULL_ERROR=1 to see the original traceback inside the target's constructor",),
        derived={"stage": "call"})
