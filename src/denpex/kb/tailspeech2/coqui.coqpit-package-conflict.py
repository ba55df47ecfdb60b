"""Computed diagnosis for coqui.coqpit-package-conflict: which of the two states the environment is in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "forked-coqpit-guard":
        return Explanation(
            text=("Both the original coqpit and coqui-tts' fork coqpit-config are (or were) installed; they share the "
                  "'coqpit' import package. Uninstalling only coqpit now would delete the fork's files too."),
            fix=("pip uninstall -y coqpit coqpit-config && pip install coqpit-config",),
            derived={"stage": "original coqpit still installed"},
        )
    if sig == "coqpit-unknown-location":
        return Explanation(
            text=("The coqpit/ directory has lost its __init__.py (Python sees a namespace package, 'unknown location'): "
                  "the original coqpit was uninstalled after coqpit-config had been installed over it."),
            fix=("pip install --force-reinstall --no-deps coqpit-config",
                 "pip list | grep -i coqpit  # only coqpit-config should remain"),
            derived={"stage": "coqpit files deleted"},
        )
    return None
