"""Computed diagnosis for anthropic.credit-balance-too-low: what to hand to billing support."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rid = facts.get("request_id")
    if not rid:
        return None
    text = (f"Request {rid} was refused because the organization that owns the API key has no chargeable credit "
            "(or a workspace limit blocks it). The request itself is fine; retrying will fail the same way.")
    fix = ("Console > Plans & Billing of the key's organization: buy credits / raise the limit",
           f"if the Console shows credit: contact Anthropic support with request_id {rid}")
    return Explanation(text=text, fix=fix, derived={"request_id": rid})
