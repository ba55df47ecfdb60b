"""Computed diagnosis for distilabel.step-load-failed: what the load error points at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    step = str(facts.get("step") or "the step")
    status = str(facts.get("status") or "")
    module = str(facts.get("module") or "")
    cause = str(facts.get("cause") or "").strip()
    if not module and "No module named '" in cause:
        module = cause.split("No module named '", 1)[1].split("'", 1)[0]
    fix: list[str] = []
    if status == "404":
        where = ": the model is not served at that API (404)"
        text = (f"Step '{step}' could not reach its model: the provider answered 404, so the model id is not "
                "deployed on that (serverless) API or the URL is wrong.")
        fix.append("Use a served model, a dedicated endpoint (endpoint_name/base_url) or a local LLM for this step.")
    elif status in ("401", "403"):
        where = f": access refused ({status})"
        text = f"Step '{step}' was refused by the model provider ({status}): missing/wrong token or no access to a gated model."
        fix.append("Export HF_TOKEN (or the provider's API key) for the pipeline process and accept the model's terms.")
    elif status == "429":
        where = ": rate limited (429)"
        text = f"Step '{step}' hit the provider's rate limit while loading."
        fix.append("Use a dedicated endpoint or retry later with fewer concurrent replicas.")
    elif module:
        where = f": missing module {module}"
        text = f"Step '{step}' needs the Python module '{module}', which is not installed."
        fix.append(f"Install the distilabel extra that provides '{module}' (e.g. pip install 'distilabel[{module.split('.')[0]}]').")
    elif cause:
        where = f": {cause[:100]}"
        text = f"Step '{step}' raised in load(): {cause[:160]}"
    else:
        where = ""
        text = f"Step '{step}' raised in load(); the error follows the message on the next log lines."
    fix.append("Reproduce with the step's llm.load() in a small script to see the full traceback, then rerun the pipeline (cached batches are reused).")
    return Explanation(text=text, fix=tuple(fix), derived={"cause_where": where})
