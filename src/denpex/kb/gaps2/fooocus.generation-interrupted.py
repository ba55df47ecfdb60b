"""Computed diagnosis for fooocus.generation-interrupted: the stage the task had reached."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    stage = str(facts.get("stage") or "").strip()
    text = "Fooocus stopped the task on an interrupt (the flag the Stop button sets)"
    text += f" after '{stage}'." if stage else "."
    text += " If nobody pressed Stop, another tab, device or API client of this server sent it, or the page reloaded."
    return Explanation(
        text=text,
        fix=("Close other tabs and clients of this Fooocus server (or run one instance per user with --port) and run the task again.",),
        derived={"stage_text": f" after '{stage}'" if stage else ""},
    )
