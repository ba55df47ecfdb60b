"""Computed diagnosis for wan2gp.mmgp-version-mismatch: direction of the mmgp skew and the exact install line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _key(version: str) -> tuple[int, ...] | None:
    parts = re.findall(r"\d+", version)
    return tuple(int(p) for p in parts[:4]) if parts else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    installed = str(facts.get("installed") or "")
    required = str(facts.get("required") or "")
    if installed and required:
        a, b = _key(installed), _key(required)
        if a is not None and b is not None and a < b:
            direction = "older"
            why = "WanGP was updated but its requirements were not reinstalled into this environment"
        elif a is not None and b is not None and a > b:
            direction = "newer"
            why = "mmgp was upgraded past the version this WanGP checkout pins (the guard wants an exact match)"
        else:
            direction = "different"
            why = "the installed build string differs from the pin"
        text = (f"wgp.py wants mmgp {required} exactly; the environment running it has {installed} ({direction}): {why}.")
        fix = (f"python -m pip install mmgp=={required}  # inside WanGP's own venv/conda env",
               "or: pip install -r requirements.txt from the WanGP folder in that environment")
        return Explanation(text=text, fix=fix, derived={"direction": direction, "pip_line": f"mmgp=={required}"})
    if facts.get("_signature") == "pinokio-unfilled-event":
        path = str(facts.get("path") or "")
        text = ("Pinokio's start script stopped before WanGP reported its URL and then used an unfilled "
                f"{{{{input.event[...]}}}} template (path {path}...); the usual cause is WanGP's mmgp version guard.")
        fix = ("Open the app's Python virtual environment in Pinokio (Dev) and run: pip install -r requirements.txt",
               "then Start again; check the terminal for 'Incorrect version of mmgp'.")
        return Explanation(text=text, fix=fix, derived={"launcher": "pinokio"})
    return None
