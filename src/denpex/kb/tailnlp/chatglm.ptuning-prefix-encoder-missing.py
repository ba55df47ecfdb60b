"""Computed diagnosis for chatglm.ptuning-prefix-encoder-missing: training or inference side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    call = facts.get("call")
    quantized = facts.get("quantized")
    if call == "load_state_dict":
        return Explanation(
            text=("A P-Tuning v2 checkpoint is being loaded into a ChatGLM model built without pre_seq_len: "
                  "the demo/inference script created the model from the default config (pre_seq_len = null)."),
            fix=("config = AutoConfig.from_pretrained(base_path, trust_remote_code=True, pre_seq_len=<value used in training>)",
                 "model = AutoModel.from_pretrained(base_path, config=config, trust_remote_code=True), then load the prefix_encoder.* keys."),
            derived={"stage": "loading a P-Tuning checkpoint"},
        )
    if call in ("float", "half", "to"):
        extra = (" The log shows the int4/int8 quantization path ("
                 + str(quantized) + "): int4 copies of ChatGLM-6B shipped older model code.") if quantized else ""
        return Explanation(
            text=("The P-Tuning training script passed pre_seq_len, but the model code in the local model directory did not "
                  "create a prefix encoder: modeling_chatglm.py/configuration_chatglm.py are older than P-Tuning v2 support, "
                  "or ChatGLM-1 scripts run against another ChatGLM generation." + extra),
            fix=("Replace modeling_chatglm.py, configuration_chatglm.py and tokenization_chatglm.py in the model directory with the Hub's current files of the same model.",
                 "rm -rf ~/.cache/huggingface/modules/transformers_modules/<model dir name> so the new code is used."),
            derived={"stage": "P-Tuning training"},
        )
    return Explanation(
        text=("ChatGLM was built without its P-Tuning v2 prefix encoder: either the config used to build it has no "
              "pre_seq_len (loading a P-Tuning checkpoint) or the local modeling_chatglm.py predates P-Tuning support (training)."),
        fix=("Load with config=AutoConfig.from_pretrained(path, trust_remote_code=True, pre_seq_len=<training value>).",
             "Refresh modeling_chatglm.py/configuration_chatglm.py from the Hub for the same model generation."),
        derived={"stage": "P-Tuning v2"},
    )
