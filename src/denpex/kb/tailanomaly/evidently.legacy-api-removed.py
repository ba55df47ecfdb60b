"""Computed diagnosis for evidently.legacy-api-removed: which API generation the import belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# first path component after "evidently." -> (generation of the code, what the install must be, fix)
_OLD = ("dashboard", "model_profile", "tabs", "profile_sections", "widgets", "model_monitoring", "runner", "analyzers")
_MID = ("report", "metric_preset", "test_suite", "test_preset", "pipeline", "options", "renderers", "base_metric",
        "suite", "calculations", "features", "descriptors", "spark", "collector")
_NEW = ("ui", "presets", "future", "legacy", "llm", "sdk")


def _generation(module: str, name: str) -> tuple[str, str, tuple[str, ...]] | None:
    parts = module.split(".")
    sub = parts[1] if len(parts) > 1 else ""
    if sub in _OLD:
        return ("Dashboard / Profile API (Evidently 0.1-0.2)",
                "that API was removed in Evidently 0.3.0",
                ("pip install 'evidently<=0.2.8' to run the code unchanged",
                 "or port to Report: from evidently import Report; from evidently.presets import DataDriftPreset (0.7+)"))
    if sub in _NEW:
        return ("newer Evidently API",
                "the installed Evidently predates it (evidently.ui appeared in 0.4, evidently.presets / legacy in 0.7)",
                ("pip install -U evidently (check the version the code was written for)",))
    if sub in _MID or (not sub and name in ("ColumnMapping", "TestSuite")) or sub == "metrics":
        legacy = "evidently.legacy." + (".".join(parts[1:]) or "pipeline.column_mapping")
        why = "Evidently 0.7.0 moved it under evidently.legacy"
        if sub == "metrics":
            why += " (an install older than 0.1.59 has no metrics module at all)"
        return ("Report / TestSuite API of Evidently 0.4-0.6", why,
                ("pip install 'evidently<0.7' to run the code unchanged",
                 f"or keep 0.7+: from {legacy} import {name}" if name else f"or keep 0.7+: import {legacy}"))
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    name = str(facts.get("name") or "")
    if not module.startswith("evidently"):
        return None
    if facts.get("shadow"):
        return Explanation(
            text=(f"Python imported a local file or folder named evidently instead of the installed package, so {module} cannot be found. "
                  "This is not a version problem."),
            fix=("Rename the local evidently.py (and delete its __pycache__), then re-run.",),
            derived={"diagnosis": "local evidently.py shadows the package"},
        )
    if name and module.endswith(("metric_preset", "test_preset")) and not name.endswith("Preset"):
        return Explanation(
            text=f"{name} is a pre-0.1.59 preset name; presets are called {name}Preset / {name}TestPreset since Evidently 0.1.59.",
            fix=(f"from {module} import {name}Preset (or the matching *TestPreset)",),
            derived={"diagnosis": "old preset name"},
        )
    gen = _generation(module, name)
    if gen is None:
        return None
    what, why, fix = gen
    target = f"'{name}' from {module}" if name else module
    return Explanation(
        text=f"{target} belongs to the {what}; {why}. The code and the installed Evidently are from different API generations.",
        fix=fix,
        derived={"diagnosis": what},
    )
