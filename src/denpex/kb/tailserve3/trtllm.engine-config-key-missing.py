"""Computed diagnosis for trtllm.engine-config-key-missing: what the missing key says about the engine folder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LEGACY = {"builder_config", "plugin_config"}
_ARCH = {"num_layers", "name", "hidden_size", "num_attention_heads", "num_heads", "vocab_size", "architecture",
         "pretrained_config", "build_config", "dtype"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not isinstance(key, str) or not key:
        return None
    if key in _LEGACY:
        diagnosis = "not an engine folder (legacy layout assumed)"
        text = (f"The runtime looked for '{key}', the legacy (pre-0.8) engine layout, because config.json has no "
                "'version' field. That config.json is most likely the HF model's or the converted checkpoint's, "
                "not the one trtllm-build writes next to rank0.engine.")
        fix = ("Point gpt_model_path / engine_dir at the trtllm-build --output_dir (it holds rank0.engine).",
               "If that folder is right, rebuild the engine with the TensorRT-LLM version of the serving container.")
    elif key in _ARCH:
        diagnosis = "engine config layout differs from the runtime's"
        text = (f"The architecture field '{key}' is missing: the config.json was written by another TensorRT-LLM "
                "release (or is not an engine config), so the runtime cannot describe the model.")
        fix = ("Rebuild checkpoint and engine with the tensorrt_llm version inside the serving container.",
               "Check that engine_dir is the trtllm-build output, not the HF or checkpoint folder.")
    else:
        diagnosis = "engine built by another TensorRT-LLM version"
        text = (f"The build option '{key}' is required by this runtime but absent from the engine's config.json: "
                "the engine comes from a different TensorRT-LLM release than the backend.")
        fix = ("Rebuild the engine with trtllm-build from the same TensorRT-LLM version as the Triton container "
               "(python -c 'import tensorrt_llm; print(tensorrt_llm.__version__)').",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
