"""Computed diagnosis for graphrag.index-pipeline-failed: which indexing stage broke and what that usually means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LLM_STAGES = ("extracted_entities", "summarized_entities", "extract_graph", "community_reports", "covariate")
_GRAPH_STAGES = ("entity_graph", "final_entities", "final_nodes", "finalize_graph", "communities", "final_relationships")
_EMBED_STAGES = ("embeddings", "text_units", "final_documents")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    workflow = str(facts.get("workflow") or "")
    verb = facts.get("verb")
    verb_error = facts.get("verb_error")
    fix: list[str] = []
    if verb_error:
        diagnosis = f"verb '{verb}' raised: {verb_error}"
    elif any(s in workflow for s in _LLM_STAGES):
        diagnosis = "an LLM step failed (model unreachable, rejected, or answering in a format GraphRAG cannot parse)"
        fix.append("Check the llm block of settings.yaml (type, api_base, model, api_key, model_supports_json) with one curl request to the same endpoint.")
    elif any(s in workflow for s in _GRAPH_STAGES):
        diagnosis = "graph building failed, usually because extraction produced no entities or relationships"
        fix.append("Look for 'Error Invoking LLM' or empty extraction results earlier in logs.json; use a model that follows the extraction format.")
    elif any(s in workflow for s in _EMBED_STAGES):
        diagnosis = "the embedding step failed (endpoint, model name or dimension)"
        fix.append("Test the embeddings endpoint in settings.yaml with curl; it must be OpenAI-compatible (/v1/embeddings).")
    else:
        diagnosis = "the reason is in the run's reports/logs.json, not on the console"
    fix.append("Read the first '\"type\": \"error\"' record of the newest reports/logs.json (or logs/indexing-engine.log) and fix that one.")
    note = f" in workflow {workflow}" if workflow else ""
    text = (f"The GraphRAG indexer stopped{note}. The console prints only the summary line; {diagnosis}.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "workflow_note": note})
