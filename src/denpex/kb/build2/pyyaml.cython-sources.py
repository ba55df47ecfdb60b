"""Computed diagnosis for pyyaml.cython-sources: upgrade target or Cython pin for the PyYAML version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ver = str(facts.get("pyyaml_version") or "")
    which = f"PyYAML {ver}" if ver else "an old PyYAML (5.x / 6.0)"
    text = (f"pip is building {which} from source (no wheel for this Python/platform) and its setup.py cannot work with Cython 3, "
            "which build isolation installed.")
    fix = ["Upgrade to pyyaml>=6.0.1 (has wheels for current Pythons and builds with Cython 3); relax the pin or the package that pins it."]
    if ver:
        fix.append(f"If {ver} is required: pip install 'cython<3.0.0' wheel && pip install --no-build-isolation pyyaml=={ver}")
    else:
        fix.append("If the old version is required: pip install 'cython<3.0.0' wheel && pip install --no-build-isolation pyyaml==<version>")
    return Explanation(text=text, fix=tuple(fix), derived={"what": f"{which} sdist vs Cython 3"})
