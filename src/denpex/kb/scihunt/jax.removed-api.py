"""Computed diagnosis for jax.removed-api: which API, since which JAX, who called it, and the pin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OWN = {"jax", "jaxlib", "jax_plugins", "site", "importlib"}
_PIP = {"haiku": "dm-haiku", "alphafold": "alphafold-colabfold", "tensorflow_probability": "tensorflow-probability", "jraph": "jraph", "brax": "brax"}


def _pin_below(version: str) -> str:
    parts = [int(p) for p in version.split(".") if p.isdigit()]
    if len(parts) < 2:
        return ""
    while len(parts) < 3:
        parts.append(0)
    major, minor, patch = parts[:3]
    if patch > 0:
        return f"jax<{major}.{minor}.{patch}"
    return f"jax<{major}.{minor}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    removed = str(facts.get("removed") or "")
    version = str(facts.get("removed_in") or "")
    if not removed or not version:
        return None
    replacement = str(facts.get("replacement") or "")
    argument = str(facts.get("argument") or "")
    caller = str(facts.get("caller") or "")
    if caller in _OWN:
        caller = ""
    pin = _pin_below(version)
    what = f"the {argument} argument of {removed}" if argument else removed
    text = f"{what} no longer exists since JAX {version}"
    text += f"; its replacement is {replacement}." if replacement else "."
    fix: list[str] = []
    if caller:
        diagnosis = f"{caller} is older than the installed JAX"
        text += (f" The call comes from the installed package '{caller}', which was written for an older JAX: upgrade {caller} "
                 f"to a release that supports JAX {version}, or pin JAX below it.")
        fix.append(f"pip install -U {_PIP.get(caller, caller)}  (check its changelog for JAX {version} support; dm-haiku is in maintenance mode, pinning JAX may be the only option)")
        if pin:
            fix.append(f"or pin JAX: pip install '{pin}' with the matching jaxlib / jax[cuda12] of the same version")
    else:
        diagnosis = "code uses an API removed from JAX"
        if replacement:
            fix.append(f"Replace {removed}{' ' + argument + '=' if argument else ''} with {replacement} in the calling code.")
        if pin:
            fix.append(f"Or pin JAX to a version before the removal: pip install '{pin}' (with a matching jaxlib).")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "pin": pin})
