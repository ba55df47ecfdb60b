"""Computed diagnosis for setuptools.invalid-requirement-specifier: which package's setup.py is invalid and
the pinned build-tool command for it (gym 0.21 gets its known recipe)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    pkg = str(facts.get("package") or "")
    field = str(facts.get("field") or "extras_require")
    if not pkg:
        return None
    fix: list[str] = []
    text = (f"setuptools rejected {pkg}'s own setup.py: a string in its {field} is not a valid PEP 440/508 "
            "requirement, which setuptools >= 67 no longer accepts. The package is too old for the build tools pip used.")
    if pkg.lower() == "gym":
        text += " gym 0.21.0 declares 'opencv-python>=3.' in its extras; this is the well-known gym 0.21 install failure."
        fix.append("pip install 'setuptools<=66' 'wheel<=0.38.4' && pip install gym==0.21.0 --no-build-isolation (pip<24.1 if pip refuses the metadata)")
        fix.append("or port the code to gymnasium / gym>=0.22 (stable-baselines3>=2.0) instead of pinning gym 0.21")
    else:
        fix.append(f"pip install 'setuptools<=66' 'wheel<=0.38.4' && pip install {pkg} --no-build-isolation")
        fix.append(f"or install a newer {pkg} release whose setup.py has valid requirement strings")
        fix.append("if the build used an ancient system setuptools (< ~36, e.g. old Raspbian), upgrade setuptools instead: the modern setup.py's markers are what it cannot parse")
    headline = f"{pkg}'s setup.py has an invalid {field} specifier that current setuptools rejects"
    return Explanation(text=text, fix=tuple(fix), derived={"headline": headline, "pkg_is_gym": pkg.lower() == "gym"})
