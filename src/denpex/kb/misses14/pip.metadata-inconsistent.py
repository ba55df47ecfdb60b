"""Computed diagnosis for pip.metadata-inconsistent: compare the two names or versions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _norm(name: str) -> str:
    return "".join("-" if c in "-_." else c for c in name.lower())


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = facts.get("field")
    expected = facts.get("expected")
    meta = facts.get("metadata")
    if field not in ("name", "version") or expected is None or meta is None:
        return None
    expected, meta = str(expected), str(meta)
    if field == "name":
        if meta.lower() == "unknown" or not meta:
            diagnosis = "package metadata has no name"
            text = (f"The requirement names '{expected}', but building it produced a package with no name ('{meta}'): "
                    "that ref has no packaging metadata pip can read, or its setup() ran without name=.")
            fix = ("Install a ref/tag of the project that has a setup.py/pyproject with a name, or the released wheel.",
                   "If the project is not pip-installable, clone it and add it to PYTHONPATH as its README says.")
        elif _norm(meta) == _norm(expected):
            diagnosis = "names differ only in spelling"
            text = f"'{expected}' and '{meta}' differ only in case/separators; an old pip or an odd egg fragment compared them literally."
            fix = (f"Write the requirement as '{meta} @ <url>' and upgrade pip.",)
        else:
            diagnosis = "requirement uses another name than the project"
            text = f"The requirement calls it '{expected}', but the project's distribution name is '{meta}'."
            fix = (f"Use '{meta} @ <url>' (or #egg={meta}) in the requirement.",)
    else:
        if meta.startswith("0+") or meta in ("0.0.0", "0.0", "0", "unknown"):
            diagnosis = "version computed without git metadata"
            text = (f"The file says version {expected} but the build computed '{meta}': the sdist derives its version "
                    "from git (setuptools_scm / versioneer) and has no tags inside the archive.")
        else:
            diagnosis = "stale version in the package metadata"
            text = (f"The file is version {expected} but its metadata says {meta}: the release was published with "
                    "a stale version string, so pip discards it.")
        fix = ("Install a wheel (pip install --only-binary :all: <pkg>) or a version whose metadata is consistent.",
               "Report it to the maintainers: the sdist's version must match its file name.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
