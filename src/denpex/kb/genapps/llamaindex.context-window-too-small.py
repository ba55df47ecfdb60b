"""Computed diagnosis for llamaindex.context-window-too-small: the token shortfall, or the splitter misconfiguration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "chunk-overlap-larger":
        size, overlap = facts.get("chunk_size"), facts.get("chunk_overlap")
        if not isinstance(size, int) or not isinstance(overlap, int):
            return None
        if size <= 0 or facts.get("llamaindex_frame"):
            short = overlap - size
            return Explanation(
                text=(f"LlamaIndex computed a chunk size of {size} tokens for the context (smaller than the overlap {overlap}): the "
                      "declared context window minus the prompt and num_output leaves no room."),
                fix=(f"Raise the declared context_window (or lower num_output/max_tokens) by at least {short} tokens; "
                     "upgrade llama-index, whose newer releases report this as 'Calculated available context size'.",),
                derived={"budget": f"computed chunk size {size} < overlap {overlap}"},
            )
        return Explanation(
            text=f"The text splitter was configured with chunk_overlap={overlap} larger than chunk_size={size}.",
            fix=(f"Set chunk_overlap below chunk_size (e.g. chunk_overlap={max(0, size // 10)} for chunk_size={size}).",),
            derived={"budget": f"chunk_overlap {overlap} > chunk_size {size} (splitter configuration)"},
        )
    avail = facts.get("available")
    if not isinstance(avail, int):
        return None
    short = -avail if avail < 0 else 0
    text = (f"The prompt template plus num_output already exceed the declared context window by {short} tokens, so there is no "
            "room to pack retrieved text." if short else
            "The declared context window minus the prompt and num_output left no tokens for retrieved text.")
    fix = (
        f"Lower num_output/max_tokens by at least {short + 256} tokens, or declare a context_window at least {short + 256} tokens larger "
        "(only if the model really supports it): Settings.num_output / Settings.context_window or the LLM's own arguments.",
        "Check llm.metadata: integrations that set num_output equal to context_window (DashScope) or report output tokens as the "
        "window (LiteLLM) need an explicit context_window/max_tokens.",
        "Chat engines: cap the history with ChatMemoryBuffer.from_defaults(token_limit=...).",
    )
    return Explanation(text=text, fix=fix, derived={"budget": f"{short} tokens short of fitting the prompt and num_output"})
