"""Computed diagnosis for ragas.output-parser-failed: which metric prompt the judge cannot satisfy."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_METRIC = {
    "statement_generator_prompt": "faithfulness / answer_correctness",
    "n_l_i_statement_prompt": "faithfulness",
    "context_recall_classification_prompt": "context_recall",
    "extract_entities_prompt": "context_entity_recall",
    "response_relevance_prompt": "answer_relevancy",
    "correctness_classifier": "answer_correctness",
    "context_precision_prompt": "context_precision",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prompt = str(facts.get("prompt") or "").strip()
    if not prompt:
        return None
    if prompt == "fix_output_format":
        text = ("Even ragas's repair prompt (fix_output_format) got no valid JSON back: the judge LLM cannot "
                "produce the metric's schema (too weak, truncated by max_tokens, or wrapped in prose / <think>).")
        metric = ""
    else:
        metric = _METRIC.get(prompt, "")
        text = (f"The judge's answer to {prompt}" + (f" (metric {metric})" if metric else "")
                + " is not valid JSON for the schema, even after the repair retries; that cell becomes NaN.")
    return Explanation(
        text=text,
        fix=("Use a stronger judge or structured-output / JSON mode with temperature=0 and max_tokens>=4096,",
             "or drop / adapt the failing metric" + (f" ({metric})" if metric else "") + " for this judge."),
        derived={"metric": metric} if metric else {},
    )
