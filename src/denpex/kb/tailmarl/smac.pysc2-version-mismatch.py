"""Computed diagnosis for smac.pysc2-version-mismatch: which side is old, what to pin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "start-version-twice":
        diagnosis = "StarCraft2Env written for pysc2 2.0.x, pysc2 3+ installed"
        text = ("The env calls run_config.start(version=...) (pysc2 2.0.x API) while the installed pysc2 3+/4 passes its own "
                "version to StarcraftProcess, so 'version' arrives twice.")
        fix = ("If this is SMAC itself: pip install git+https://github.com/oxwhirl/smac.git (current SMAC uses run_configs.get(version=...)).",
               "If the repository vendors its own starcraft2.py: pip install pysc2==2.0.2 in its environment, or move version= to run_configs.get().")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if sig == "get-no-version":
        diagnosis = "SMAC for pysc2 3+, pysc2 2.0.x installed"
        text = "SMAC calls run_configs.get(version=...), which exists only in pysc2 3.0+; the installed pysc2 is 2.0.x."
        fix = ("pip install -U 'pysc2>=3.0'",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    if sig == "unknown-game-version":
        ver = str(facts.get("game_version") or "?")
        first = str(facts.get("known_first") or "").strip("'")
        if first == "latest":
            diagnosis = f"game_version {ver} pinned on a Windows/macOS install (only 'latest' runs)"
            text = (f"The env asks for StarCraft II {ver}, but this pysc2 run config can only launch the installed build ('latest'), "
                    "as on Windows and macOS.")
            fix = ("Set game_version to None (remove it from sc2.yaml / env_args, e.g. with env_args.game_version=None).",
                   "For exact builds (SMAC results use 4.10) run on Linux with the matching SC2 package.")
        else:
            diagnosis = f"game_version {ver} is not in pysc2's version table"
            text = f"pysc2 does not know StarCraft II {ver} (first known entry: {first or 'n/a'})."
            fix = ("Request a listed version, or upgrade pysc2 so its table has the build you installed.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    return None
