"""Computed diagnosis for statsmodels.scipy-centered-import: name the importer and the python env."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    importer = facts.get("importer")
    parts = []
    fix = ["pip install -U 'statsmodels>=0.13.2'", "or, to keep the old statsmodels: pip install 'scipy<1.8'"]
    if importer and importer != "statsmodels":
        parts.append(f"The import came through {importer}, which loads statsmodels.tsa; the old statsmodels underneath is what breaks.")
        fix.append(f"If {importer} pins statsmodels below 0.13.2, upgrade {importer} as well.")
    else:
        parts.append("statsmodels (< 0.13.2) imports the private scipy helper _centered, which SciPy 1.8+ no longer exposes there.")
    env = None
    m = re.search(r"(.*?)[/\\]lib[/\\](python\d+\.\d+)[/\\]site-packages", path)
    if m:
        env = m.group(1)
        parts.append(f"Environment: {env} ({m.group(2)}).")
        fix[0] = f"{env}/bin/python -m pip install -U 'statsmodels>=0.13.2'"
    return Explanation(text=" ".join(parts), fix=tuple(fix),
                       derived={"diagnosis": "old statsmodels with SciPy >= 1.8"})
