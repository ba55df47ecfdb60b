"""Computed diagnosis for data.dataset-scripts-unsupported: the script found and the load call to use instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    script = str(facts.get("script") or "").strip()
    name = script[:-3] if script.endswith(".py") else ""
    if name:
        text = (f"The dataset is defined by the loading script {script}; datasets 4.0+ no longer runs loading scripts "
                "(trust_remote_code is ignored).")
        fix = (f"load_dataset('<org>/{name}', revision='refs/convert/parquet') to read the Hub's Parquet export of {name}.",
               f"Or use a script-free mirror of {name}, or pin pip install 'datasets<4.0.0' with trust_remote_code=True.")
    else:
        script = "(unnamed)"
        text = "The dataset has a loading script; datasets 4.0+ no longer runs loading scripts."
        fix = ("load_dataset(repo, revision='refs/convert/parquet'), a Parquet mirror, or pip install 'datasets<4.0.0'.",)
    return Explanation(text=text, fix=fix, derived={"script": script})
