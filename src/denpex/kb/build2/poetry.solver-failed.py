"""Computed diagnosis for poetry.solver-failed: which requirement closed the solve and how to relax it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TORCH = {"torch", "torchvision", "torchaudio", "xformers", "torch-scatter", "torch-sparse"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    proj_py = str(facts.get("project_python") or "")
    if proj_py:
        pkg, pkg_py = str(facts.get("package") or ""), str(facts.get("package_python") or "")
        m = re.search(r"<\s*([0-9][0-9.]*)", pkg_py)
        low = re.search(r">=?\s*([0-9][0-9.]*)", proj_py)
        if pkg and pkg_py:
            text = (f"The project declares Python {proj_py}, but {pkg} requires Python {pkg_py}; Poetry must find versions "
                    f"valid for the whole declared range, so {pkg} cannot be locked.")
        else:
            text = f"The project declares Python {proj_py}, wider than some dependency supports; Poetry solves for the whole range."
        fix = []
        if m:
            fix.append(f"Cap the project range in pyproject.toml: python = \">={low.group(1) if low else '3.x'},<{m.group(1)}\", then poetry lock.")
        if pkg:
            fix.append(f"Or restrict {pkg} with a marker: {pkg} = {{version = \"...\", python = \"{pkg_py}\"}}.")
        return Explanation(text=text, fix=tuple(fix) or ("Narrow python = in pyproject.toml to the range all dependencies support.",),
                           derived={"cause": f"project Python {proj_py} wider than {pkg or 'a dependency'} supports"})
    dep, cons, proj = str(facts.get("dependency") or ""), str(facts.get("constraint") or ""), str(facts.get("project") or "")
    if not dep:
        return None
    no_match = bool(facts.get("no_match"))
    local = re.search(r"\+(cu\d+|cpu|rocm[\d.]+)", cons)
    if local or (no_match and dep.lower() in _TORCH):
        tag = local.group(1) if local else "cu121"
        text = (f"{proj} requires {dep} ({cons}){' which no configured source publishes' if no_match else ''}: "
                f"{'+' + tag + ' builds' if local else 'these builds'} live on the PyTorch index, not on PyPI.")
        fix = (f"poetry source add --priority explicit pytorch https://download.pytorch.org/whl/{tag}",
               f"poetry add --source pytorch {dep}@{cons.lstrip('^~=')} (and torchvision/torchaudio from the same PyTorch release, also with --source pytorch).")
        return Explanation(text=text, fix=fix, derived={"cause": f"{dep} {cons} not available from the configured sources"})
    if no_match:
        text = f"{proj} requires {dep} ({cons}), and no configured source publishes a version matching it."
        fix = (f"Check the version exists: poetry search / pip index versions {dep}; relax the constraint or add the index that hosts it (poetry source add).",)
        return Explanation(text=text, fix=fix, derived={"cause": f"no published version of {dep} matches {cons}"})
    text = (f"No combination of versions satisfies {proj}'s requirements; the conflict ends at {dep} ({cons}). "
            "Read the 'Because' chain above: it names the pin that needs a different version of a shared dependency.")
    fix = (f"Relax {dep} ({cons}) or the pin it conflicts with to the versions the chain names, then poetry lock.",)
    return Explanation(text=text, fix=fix, derived={"cause": f"conflicting constraints ending at {dep} ({cons})"})
