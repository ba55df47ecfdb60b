"""Computed diagnosis for dvc.remote-not-configured."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    remote = str(facts.get("remote") or "")
    op = str(facts.get("operation") or "pull")
    repo = str(facts.get("repo") or "")
    if remote:
        text = f"dvc {op} was told to use the remote '{remote}', which no DVC config of this checkout defines."
        fix = (
            "List what exists: dvc remote list",
            f"Use one of those: dvc {op} -r NAME, or define it: dvc remote add {remote} URL && git add .dvc/config",
        )
        return Explanation(text=text, fix=fix, derived={"remote_text": f" ('{remote}')"})
    where = f" in {repo}" if repo else ""
    text = f"dvc {op} found no default remote{where}: .dvc/config has no core.remote (a remote added with --local is not in a clone)."
    fix = (
        "dvc remote add -d storage URL && git add .dvc/config && git commit -m 'dvc remote'",
        f"or, if remotes exist: dvc remote default NAME / dvc {op} -r NAME",
    )
    return Explanation(text=text, fix=fix, derived={"remote_text": ""})
