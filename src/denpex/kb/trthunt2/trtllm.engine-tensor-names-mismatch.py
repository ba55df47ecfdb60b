"""Computed diagnosis for trtllm.engine-tensor-names-mismatch: which build option the names point at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _name(v: Any) -> str:
    if not isinstance(v, str):
        return ""
    return v.strip("{'") if v != "set()" else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "build-provided-tensor-names":
        text = ("trtllm-build loaded a checkpoint whose weight names differ from what this TensorRT-LLM release's model "
                "class expects: the checkpoint was converted by another release's convert_checkpoint.py or for another model.")
        fix = ("Reconvert with examples/<model>/convert_checkpoint.py from the same TensorRT-LLM version as trtllm-build, then rebuild.",)
        return Explanation(text=text, fix=fix, derived={"kind": "checkpoint vs builder"})
    if sig not in ("runtime-tensor-names", "expected-not-found"):
        return None
    missing = _name(facts.get("missing"))
    unexpected = _name(facts.get("unexpected"))
    names = f"{missing} {unexpected}"
    if "key_value" in names or "kv_cache" in names:
        kind = "KV-cache layout (attention plugin / paged KV)"
        text = (f"The KV-cache tensors differ (first missing: {missing or 'none'}, first unexpected: {unexpected or 'none'}): "
                "the runtime and the engine disagree on gpt_attention_plugin / paged_kv_cache, which happens when the engine "
                "was built by another TensorRT-LLM version than the one reading its config.json.")
    elif "last_token_ids" in names or "logits" in names:
        kind = "logits gathering option"
        text = ("Only the logits-related tensors differ: build and runtime disagree on gather_all_token_logits / "
                "gather_context_logits. Pass the matching runtime flag or rebuild without the option.")
    else:
        kind = "engine built by another release or options"
        text = (f"Engine and runtime tensor names differ (first missing: {missing or 'none'}, first unexpected: "
                f"{unexpected or 'none'}). Rebuild the engine with the TensorRT-LLM version that runs it.")
    fix = ("python -c \"import tensorrt_llm; print(tensorrt_llm.__version__)\"  # compare with 'version' in engine_dir/config.json",
           "Rebuild: convert_checkpoint.py + trtllm-build with the runtime's TensorRT-LLM, same plugin/logits options.")
    return Explanation(text=text, fix=fix, derived={"kind": kind})
