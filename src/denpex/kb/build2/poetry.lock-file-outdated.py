"""Computed diagnosis for poetry.lock-file-outdated: the re-lock command for the Poetry version in use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("no_update"):
        text = ("Poetry 1.x refused poetry.lock: its content-hash does not match pyproject.toml (dependencies changed "
                "without re-locking, or the lock was written by another Poetry version).")
        fix = ("poetry lock --no-update && poetry install (keeps the locked versions, only resolves what changed).",
               "Commit the new poetry.lock; pin the same Poetry version in Docker/CI.")
        return Explanation(text=text, fix=fix, derived={"what": "content-hash mismatch (Poetry 1.x)"})
    text = ("Poetry 2.x refused poetry.lock: its content-hash does not match pyproject.toml (dependencies changed "
            "without re-locking, or the lock was written by Poetry 1.x, which hashed fewer tables).")
    fix = ("poetry lock && poetry install (Poetry 2 keeps locked versions by default; --no-update no longer exists).",
           "Commit the new poetry.lock, or install the Poetry version that wrote it (see the lock file's header).")
    return Explanation(text=text, fix=fix, derived={"what": "content-hash mismatch"})
