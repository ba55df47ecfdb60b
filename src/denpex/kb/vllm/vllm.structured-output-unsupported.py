"""Computed diagnosis for vllm.structured-output-unsupported: which backend refused what, and the concrete switch."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_XGR_UNSUPPORTED = (
    "uniqueItems, contains, minContains, maxContains (arrays); multipleOf (numbers); minProperties, maxProperties, "
    "propertyNames, patternProperties (objects); string formats other than email/date/time/date-time/duration/"
    "ipv4/ipv6/hostname/uuid/uri"
)
_KEYWORD = re.compile(r"\b(uniqueItems|contains|minContains|maxContains|multipleOf|minProperties|maxProperties|"
                      r"propertyNames|patternProperties|minItems|maxItems|pattern|format|\$ref|anyOf|oneOf|allOf)\b")
_SWITCH = ("Switch backend: --structured-outputs-config '{\"backend\": \"guidance\"}' (vLLM >= 0.10) or "
           "--guided-decoding-backend guidance|outlines (older), or 'auto' to fall back per request.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    backend = str(facts.get("backend") or "")
    kind = str(facts.get("kind") or "")
    detail = str(facts.get("detail") or "").strip()
    if backend and "Falling" not in detail and kind == "" and detail == "":
        return Explanation(
            text=(
                f"The request's JSON schema uses a keyword the {backend} backend cannot enforce. For xgrammar these are: "
                f"{_XGR_UNSUPPORTED} (and minItems/maxItems/pattern on releases before ~0.9)."
            ),
            fix=("Remove or relax those keywords in the schema (validate them after generation instead).", _SWITCH,
                 "Upgrade vLLM (and xgrammar) to widen the supported subset."),
            derived={"backend": backend},
        )
    if kind in ("json schema", "regex", "choices"):
        kw = sorted(set(_KEYWORD.findall(detail)))
        text = f"xgrammar could not convert the request's {kind} into a grammar"
        text += f": {detail.rstrip('.')}." if detail else "."
        if kw:
            text += f" Keywords named: {', '.join(kw)}."
        return Explanation(
            text=text,
            fix=(f"Fix or simplify the {kind} so xgrammar accepts it (the detail names the construct).", _SWITCH),
            derived={"kind": kind, "keywords": kw},
        )
    if kind:
        return Explanation(
            text=f"The request's {kind} could not be parsed ({detail}).",
            fix=("Send valid JSON for the schema (a JSON object, not a Python repr), a valid EBNF/Lark grammar, or a well-formed structural tag.",),
            derived={"kind": kind},
        )
    return None
