"""Computed diagnosis for mlflow.value-too-long: how far over the limit, and which limit this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    length, limit = facts.get("length"), facts.get("limit")
    what = str(facts.get("what") or "")
    if not isinstance(length, int) or not isinstance(limit, int):
        return None
    derived: dict[str, Any] = {}
    if not what:
        derived["what"] = "value"
    parts = [f"The {what or 'value'} is {length} characters long, {length - limit} over the limit of {limit} ({length / max(limit, 1):.1f}x)."]
    fix: list[str] = []
    if what.startswith("Param value") and limit in (250, 500):
        parts.append(f"A {limit}-character param limit comes from an older MLflow (client or tracking server/database); current releases allow 6000.")
        fix.append("Upgrade MLflow on the client and the tracking server and run `mlflow db upgrade <db-uri>`, if the value must stay a param.")
    if what.startswith("Tag value"):
        parts.append("Tags allow more than params but still have a limit; this value is better stored as an artifact.")
    if length > 6000:
        fix.insert(0, "Move this value to an artifact (mlflow.log_dict / mlflow.log_text); it exceeds even the largest param limit.")
    else:
        fix.insert(0, "Log it as an artifact (mlflow.log_dict(cfg, 'config.json')) or shorten it; if it comes from an integration (HF Trainer, Lightning, Optuna), "
                      "upgrade that library or disable its param logging.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
