"""Computed diagnosis for dbgpt.worker-manager-start-failed: which configured model worker failed and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "?")
    wtype = str(facts.get("worker_type") or "?")
    endpoint = facts.get("endpoint")
    cause = str(facts.get("cause") or "")
    fix: list[str] = []
    lower = f"{model} {wtype}".lower()
    if "text2vec" in lower or "embed" in lower or "bge" in lower or "m3e" in lower:
        text = (f"The embedding worker '{model}' ({wtype}) did not load: DB-GPT could not open the embedding model, "
                "usually a missing/undownloaded directory or an LLM path given as EMBEDDING_MODEL.")
        fix.append(f"Point the embedding entry for '{model}' at a downloaded embedding model directory (models/<name>) and restart.")
    elif wtype == "proxy" or "proxy" in lower:
        text = f"The proxy LLM worker '{model}' did not start: its API key, server URL or provider SDK is missing or wrong."
        fix.append("Set the proxy API key / server URL for this provider and pip install its SDK (dashscope, zhipuai, openai).")
    elif "llama" in wtype or "vllm" in wtype:
        text = f"The local inference worker '{model}' ({wtype}) did not start: the backend package or the model file does not load."
        fix.append(f"Install the DB-GPT extra for {wtype} and check that the model file format matches it.")
    else:
        text = f"The model worker '{model}' ({wtype}) failed to load, and the standalone server exits with it."
        fix.append(f"Check the model path and settings configured for '{model}'.")
    if cause:
        text += f" The traceback ends with: {cause}"
    detail = f" at {endpoint}" if endpoint else ""
    return Explanation(text=text, fix=tuple(fix), derived={"endpoint_detail": detail})
