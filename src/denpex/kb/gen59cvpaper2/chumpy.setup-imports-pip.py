"""Computed diagnosis for chumpy.setup-imports-pip: which installer change broke chumpy's setup.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BY_SIG = {
    "no-pip-in-build-env": (
        "isolated build environment has no pip",
        " (PEP 517 build isolation: the temporary build environment has no pip)",
        "pip/uv/poetry built chumpy in an isolated environment without pip, and chumpy's setup.py imports pip.",
        "pip install wheel setuptools && pip install chumpy --no-build-isolation",
    ),
    "pip-req-moved": (
        "pip >= 10 moved pip.req",
        " (pip >= 10 moved pip.req to pip._internal.req)",
        "chumpy's setup.py does from pip.req import parse_requirements, which pip 10 removed.",
        "pip install chumpy==0.70 --no-build-isolation (newer setup.py), or a patched fork",
    ),
    "parsed-requirement": (
        "pip >= 20.1 ParsedRequirement has no .req",
        " (pip >= 20.1 returns ParsedRequirement objects without .req)",
        "chumpy's setup.py reads ir.req from pip's parse_requirements, which pip 20.1 changed.",
        "pip install chumpy==0.70 --no-build-isolation, or a patched fork without the pip import",
    ),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig not in _BY_SIG:
        return None
    diag, note, text, first_fix = _BY_SIG[sig]
    return Explanation(
        text=text + " The package that depends on chumpy (mmpose, an SMPL tool) cannot install until chumpy does.",
        fix=(first_fix, "Then install the package that needs chumpy again."),
        derived={"diagnosis": diag, "wording_note": note},
    )
