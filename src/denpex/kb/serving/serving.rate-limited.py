"""Computed diagnosis for serving.rate-limited: how far over the budget, and whether the request can ever pass."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    limit, used, req = facts.get("limit"), facts.get("used"), facts.get("requested")
    kind = facts.get("limit_kind") or "tokens"
    unit = facts.get("unit") or ("TPM" if kind == "tokens" else "RPM")
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("quota"):
        return Explanation(text="The account or project has no quota left: this is billing, not request speed; retries will keep failing.",
                           fix=("Add credit or raise the project's monthly budget in the provider console, or use another key/project.",),
                           derived={"what": "quota exhausted (billing)"})
    if facts.get("overloaded"):
        return Explanation(text="The self-hosted TGI server is at its --max-concurrent-requests limit and sheds new requests with 429.",
                           fix=("Lower client concurrency below the server's --max-concurrent-requests, or raise that limit if memory allows.",),
                           derived={"what": "server overloaded (concurrency limit)"})
    if isinstance(limit, int) and isinstance(req, int):
        if req > limit:
            what = f"one request needs {req} {kind}, more than the {limit} {unit} budget"
            parts.append(f"This single request asks for {req} {kind} but the whole per-minute budget is {limit}: it will never be admitted, however long you wait.")
            fix.append(f"Cut the request by at least {req - limit} {kind}: shorten the prompt or lower max_tokens (counted up front)." if kind == "tokens" else "Split the work into smaller requests.")
            fix.append("Or move to a tier/model with a higher limit.")
        else:
            over = (used or 0) + req - limit
            what = f"{unit} budget spent ({used}/{limit} used, {req} requested)"
            parts.append(f"The rolling per-minute budget is {limit} {kind}; {used if used is not None else '?'} were already used and this request needs {req}, {max(over, 0)} over the limit.")
            if kind == "tokens" and req > 0:
                parts.append(f"At {req} {kind} per request the budget admits about {limit // req} such requests per minute in total.")
            ra = facts.get("retry_after")
            fix.append(f"Retry with exponential backoff (the server suggests {ra}); openai-python: OpenAI(max_retries=...)." if ra else "Retry with exponential backoff.")
            if kind == "tokens" and req > 0:
                fix.append(f"Throttle to <= {max(limit // req, 1)} requests/minute at this size (lower concurrency), or lower max_tokens to make each request cheaper.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
    if facts.get("_signature") == "gemini-resource-exhausted":
        return Explanation(
            text=("Gemini / Vertex AI refused the request with 429 RESOURCE_EXHAUSTED: a per-project, per-model quota "
                  "(requests or tokens per minute, requests per day; free-tier limits are low) is used up. The message "
                  "does not say which one; the quota page of the project does."),
            fix=("Retry with exponential backoff and fewer concurrent requests (per-minute quotas refill within a minute).",
                 "Check the project's quotas for this model (AI Studio rate-limit page or Cloud console IAM & Admin > Quotas); "
                 "daily free-tier limits only reset the next day: enable billing or request a higher quota.",
                 "Or spread the load over another model or region with its own quota."),
            derived={"what": "Gemini quota exhausted (429 RESOURCE_EXHAUSTED)"})
    legacy = str(facts.get("legacy_msg") or "")
    m = re.search(r"Limit:? ?([\d,.]+)", legacy)
    if legacy:
        return Explanation(text=f"The API refused the request for volume: {legacy}" + (f" (limit {m.group(1)})." if m else "."),
                           fix=("Retry with exponential backoff and lower concurrency; check the account's rate limits.",), derived={"what": "rate limit (legacy client)"})
    return Explanation(text="The server answered 429 Too Many Requests: a rate or concurrency limit, or an exhausted quota; the message in the error body says which.",
                       fix=("Read the error body; retry with backoff and lower concurrency; for quota errors fix billing.",), derived={"what": "HTTP 429"})
