"""Computed diagnosis for mlcllm.chat-config-key-missing: which side is older, from the key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# keys the 2024+ engine requires that 2023-era configs lack
_NEW_ENGINE_KEYS = {"max_batch_size", "context_window_size", "prefill_chunk_size", "sliding_window_size",
                    "attention_sink_size", "tensor_parallel_shards", "pipeline_parallel_stages", "model_config"}
# keys the 2023 llm_chat.cc runtime requires
_OLD_RUNTIME_KEYS = {"vocab_size", "model_name", "conv_template", "max_window_size", "temperature", "name"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not key:
        return None
    key = str(key)
    sig = facts.get("_signature")
    if sig == "json-key-not-found" or key in _NEW_ENGINE_KEYS:
        diagnosis = "config older than the runtime"
        text = (f"This MLC LLM runtime requires '{key}' in mlc-chat-config.json, which configs generated before that field "
                "was introduced do not have: the model was converted (or its prebuilt config published) with an older release.")
        fix = ("Regenerate the config with the installed release: mlc_llm gen_config <hf_model_dir> --quantization <q> "
               "--conv-template <tpl> -o <mlc_model_dir>.",
               "Or re-download the prebuilt model (updated configs are pushed to the mlc-ai repositories).")
    elif key in _OLD_RUNTIME_KEYS:
        diagnosis = "config and 2023 runtime from different releases"
        text = (f"The 2023 llm_chat.cc runtime requires '{key}' in mlc-chat-config.json and it is absent: the config was "
                "produced by another build/gen_config version than this CLI/app binary, or edited by hand.")
        fix = ("Use the runtime (mlc_chat_cli / app checkout) of the same date as the model's config, or regenerate the "
               "config with that runtime's build tools.",
               "Current releases: reconvert with mlc_llm convert_weight / gen_config / compile and run with mlc_llm chat.")
    else:
        diagnosis = "required config key missing"
        text = f"The MLC runtime requires '{key}' in mlc-chat-config.json and it is absent."
        fix = ("Regenerate mlc-chat-config.json with the gen_config of the runtime's release.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
