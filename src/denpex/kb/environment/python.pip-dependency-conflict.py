"""Computed diagnosis for python.pip-dependency-conflict: the unsatisfiable requirement or the conflicting pair,
with the usual reason (wrong index for +cuXXX wheels, Python version, import name used as a distribution name)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import import_packages
from denpex.models import Explanation


def _import_names() -> dict[str, str]:
    return {k.lower(): d for k, (d, _) in import_packages().items() if not d.startswith("(")}


def _name(req: str) -> str:
    return re.split(r"[<>=!~\[; @]", req.strip(), maxsplit=1)[0]


def _versions(raw: str) -> list[str]:
    return [v.strip() for v in raw.split(",") if v.strip()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req = str(facts.get("requirement") or "")
    versions_raw = facts.get("versions")
    packages = str(facts.get("packages") or "")
    conflicts = facts.get("conflict") or []
    if isinstance(conflicts, str):
        conflicts = [conflicts]
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if facts.get("requires_python"):
        pkg, have, need = facts.get("package"), facts.get("python"), facts.get("requires_python")
        derived["what"] = f"{pkg} needs Python {need}, this pip runs Python {have}"
        parts.append(f"{pkg} declares Requires-Python {need}, and the pip that ran belongs to Python {have}.")
        fix.append(f"Use a Python that satisfies {need} (python3.X -m venv .venv; .venv/bin/python -m pip install ...), or install an older {pkg} release that supports Python {have}.")
        fix.append("If you have that Python, make sure this pip is its pip: python -m pip -V.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if req:
        name = _name(req)
        derived["what"] = f"no installable distribution for {req}"
        versions = _versions(str(versions_raw)) if versions_raw is not None else None
        local = re.search(r"\+(cu\d+|cpu|rocm[\d.]+)", req)
        dist = _import_names().get(name.lower())
        if local:
            parts.append(f"'{req}' has a local version tag (+{local.group(1)}): such torch builds are only on the PyTorch index, not on PyPI.")
            fix.append(f"Add the index: pip install '{req}' --index-url https://download.pytorch.org/whl/{local.group(1)} (or --extra-index-url for mixed requirements).")
        elif dist and dist.lower() != name.lower():
            parts.append(f"'{name}' is an import name; the pip distribution that provides it is '{dist}'.")
            fix.append(f"pip install {dist}")
        elif versions is not None and not versions:
            parts.append(
                f"pip found no distribution of '{name}' at all that fits this interpreter and platform (from versions: none): the "
                "Python version is newer or older than any release with wheels, the platform/architecture has no wheels (32-bit Python, "
                "Windows/ARM for CUDA packages), the name is misspelled, or the index (proxy, mirror, --index-url) does not carry it."
            )
            fix.append("Check python -VV (64-bit? which minor version?) against the package's supported Pythons, and the index in use (pip config list; PIP_INDEX_URL).")
            if name.lower() in ("torch", "torchvision", "torchaudio"):
                fix.append("torch has wheels only for 64-bit CPython within its supported range (e.g. torch 2.1 for 3.8-3.11); pick the torch release that supports your Python, or the Python the pinned torch supports.")
        elif versions:
            parts.append(f"'{name}' exists, but not in the version requested ({req}); for this Python/platform pip sees: {', '.join(versions[-8:])}.")
            fix.append(f"Choose one of the available versions (newest here: {versions[-1]}), or use a Python version for which the requested release has wheels.")
        else:
            parts.append(f"pip could not find any distribution satisfying '{req}' on the configured index.")
            fix.append("Check the spelling, the Python version / platform, and the index configuration (pip install -v shows what was considered and why it was skipped).")
        if facts.get("ignored_python"):
            parts.append("pip also reported versions it ignored because they require a different Python: the requested release does not support this interpreter.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("ignored_python"):
        spec = facts.get("ignored_requires")
        derived["what"] = "every matching release requires a different Python" + (f" (Requires-Python {spec})" if spec else "")
        parts.append(
            "pip skipped the releases that would match because their Requires-Python excludes this interpreter"
            + (f" (first one listed: {spec})" if spec else "")
            + "; with nothing left it fails with 'Could not find a version' / 'No matching distribution found'."
        )
        fix.append("Check python -V against the supported range, then create the environment with a Python inside it (python3.X -m venv .venv).")
        fix.append("Or pin an older release of the package whose Requires-Python includes this interpreter.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("dependent") or facts.get("dependency"):
        dep, dv, required, have_pkg, have = (facts.get(k) for k in ("dependent", "dependent_version", "required", "dependency", "installed"))
        derived["what"] = f"{dep} {dv} requires {required}, installed {have_pkg} {have}"
        parts.append(
            f"After the install, {dep} {dv} requires {required} but {have_pkg} {have} is installed. pip installed the new packages anyway "
            f"(it only resolves the requirements of what it is installing) and left {dep} broken: code using {dep} may fail at import or "
            "at runtime with ImportError/AttributeError/TypeError."
        )
        fix.append(f"Install a set that agrees: pip install '{required}' (if the package you just installed allows it) or upgrade/downgrade {dep} to a release compatible with {have_pkg} {have}.")
        fix.append("Verify with python -m pip check (no output means consistent).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if packages or conflicts or facts.get("uv"):
        derived["what"] = f"conflicting requirements for {packages or 'the requested packages'}"
        parts.append(f"pip's resolver found no set of versions that satisfies every requirement of {packages or 'the requested packages'} at once.")
        if conflicts:
            parts.append("The conflict: " + "; ".join(str(c).strip() for c in conflicts[:6]) + ".")
            pins = {m.group(1) for c in conflicts for m in re.finditer(r"depends on ([A-Za-z0-9_.-]+)", str(c))}
            if pins:
                fix.append(f"Relax or align the pins on {', '.join(sorted(pins))}: the packages above need different versions of it; pick releases of the requesting packages that agree (check their requirements on PyPI).")
        fix.append("Loosen exact pins (== -> >=) in the requirements, or install the conflicting packages in separate environments.")
        fix.append("For the torch stack, install torch/torchvision/torchaudio first from one index and pass the same versions as constraints (pip install -c constraints.txt ...).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    return None
