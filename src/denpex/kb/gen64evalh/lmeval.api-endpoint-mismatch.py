"""Computed diagnosis for lmeval.api-endpoint-mismatch: which backend/route pair was used and the matching one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    field = str(facts.get("field") or "")
    route = str(facts.get("route") or "")
    backend = str(facts.get("backend") or "")
    if field == "messages":
        sent = backend or "local-completions"
        text = (f"The server wanted 'messages' (a chat body) but lm-eval sent a completions body with 'prompt'"
                f" from {sent}" + (f" to {route}" if route else "") + ": the chat route cannot take it, and every retry "
                "sends the same body.")
        fix = ("Point local-completions at the completions route: base_url=http://<host>:<port>/v1/completions "
               "(required for loglikelihood / multiple-choice tasks).",
               "Or, for generative tasks only, switch to --model local-chat-completions with "
               "base_url=http://<host>:<port>/v1/chat/completions and --apply_chat_template.")
        pair = "completions body on a chat route"
    elif field == "prompt":
        sent = backend or "local-chat-completions"
        text = (f"The server wanted 'prompt' (a completions body) but lm-eval sent a chat body with 'messages'"
                f" from {sent}" + (f" to {route}" if route else "") + ".")
        fix = ("Use base_url=http://<host>:<port>/v1/chat/completions with local-chat-completions, "
               "or switch to --model local-completions for this /v1/completions URL.",)
        pair = "chat body on a completions route"
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"pair": pair})
