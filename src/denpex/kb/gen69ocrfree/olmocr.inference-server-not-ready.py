"""Computed diagnosis for olmocr.inference-server-not-ready: how long the pipeline waited."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    server = str(facts.get("server") or "vllm").lower()
    try:
        attempts = int(facts.get("attempts") or 0)
    except (TypeError, ValueError):
        attempts = 0
    note = f" after {attempts} polls (about {attempts} s)" if attempts else ""
    text = (f"The pipeline polled its local {server} server's /v1/models{note} and never got an answer, so the "
            f"server process never came up or died while loading. Its own error is printed above the attempts "
            f"(lines prefixed '{server} - INFO'); with none at all, the {server} executable was not started.")
    fix: list[str] = []
    if attempts and attempts < 60:
        fix.append("The wait was short: a cold model download or load can take longer; pre-download the model and retry.")
    fix.append(f"Run the {server} server by hand with the same model and port to read its error, then pass --server to the pipeline.")
    return Explanation(text=text, fix=tuple(fix), derived={"attempts_note": note})
