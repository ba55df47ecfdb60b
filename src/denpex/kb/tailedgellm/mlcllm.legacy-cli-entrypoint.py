"""Computed diagnosis for mlcllm.legacy-cli-entrypoint: which side of the 2024 MLC LLM reorganisation is old."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    if not module:
        return None
    if module == "mlc_llm.build":
        diagnosis = "old one-shot build command on a current install"
        text = ("python -m mlc_llm.build is the 2023 build flow; current MLC LLM compiles a model in three steps instead.")
        fix = ("mlc_llm convert_weight <hf_dir> --quantization q4f16_1 -o <out>",
               "mlc_llm gen_config <hf_dir> --quantization q4f16_1 --conv-template <template> -o <out>",
               "mlc_llm compile <out>/mlc-chat-config.json --device <device> -o <out>/lib.so")
    elif module == "mlc_llm.__main__":
        diagnosis = "old mlc_llm package (or source tree) shadows the current CLI"
        text = ("The mlc_llm that Python imported has no __main__: it is an old install or the old mlc_llm folder of the "
                "current directory (running inside the mlc-llm repository root), not the current CLI package.")
        fix = ("Run the command outside the mlc-llm source root, or pip install --pre -U -f https://mlc.ai/wheels "
               "mlc-llm-nightly-<variant> mlc-ai-nightly-<variant> and check python -c 'import mlc_llm; print(mlc_llm.__file__)'.",)
    else:
        diagnosis = "code written for the renamed mlc_chat package"
        text = ("mlc_chat was renamed to mlc_llm in 2024 (and ChatModule replaced by MLCEngine); current wheels "
                "(mlc-llm-nightly-*) install no mlc_chat module.")
        fix = ("Change imports to mlc_llm and use MLCEngine, or update the tool that imports mlc_chat.",
               "Or pin the old mlc-chat-nightly/mlc-ai-nightly pair the code was written for.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
