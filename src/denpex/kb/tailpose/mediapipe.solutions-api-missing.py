"""Computed diagnosis for mediapipe.solutions-api-missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    if not isinstance(attr, str) or not attr:
        return None
    if attr == "solution":
        return Explanation(
            text="The code asks for mp.solution (singular); the legacy API is mp.solutions.",
            fix=("Write mp.solutions.drawing_utils / mp.solutions.holistic.",),
            derived={"diagnosis": "typo: solution instead of solutions"},
        )
    if attr == "python":
        return Explanation(
            text="mediapipe.python is missing: the imported 'mediapipe' is a source tree or a shadowing module, not the built wheel.",
            fix=("Run outside the cloned mediapipe folder, rename any mediapipe.py, and pip install mediapipe.",),
            derived={"diagnosis": "shadowed or source-tree mediapipe"},
        )
    return Explanation(
        text=("The imported mediapipe has no legacy Solutions API: either it is a recent wheel (the Python package "
              "dropped mp.solutions in favour of mediapipe.tasks) or a local mediapipe.py/folder shadows the wheel."),
        fix=('pip install "mediapipe==0.10.21" "numpy<2" (or port the code to mediapipe.tasks).',
             "python -c \"import mediapipe as mp; print(mp.__version__, mp.__file__)\" to check version and location."),
        derived={"diagnosis": "legacy Solutions API not in this mediapipe"},
    )
