"""Computed diagnosis for mlcllm.model-lib-runtime-mismatch: which side is older, from the counts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = facts.get("function")
    if not func:
        return None
    exp, got = facts.get("expected"), facts.get("provided")
    kv = "paged_attention_kv_cache" in str(func)
    what = "the paged KV cache builtin " if kv else "the runtime builtin "
    if isinstance(exp, int) and isinstance(got, int) and got < exp:
        diagnosis = "model library older than the runtime"
        text = (f"The model library calls {what}{func} with {got} arguments but this runtime registers it with {exp}: "
                "the builtin gained parameters after the library was compiled, so the library is older than the app/wheel.")
    elif isinstance(exp, int) and isinstance(got, int) and got > exp:
        diagnosis = "model library newer than the runtime"
        text = (f"The model library calls {what}{func} with {got} arguments but this runtime only takes {exp}: "
                "the library was compiled by a newer MLC LLM than the runtime loading it.")
    else:
        diagnosis = "model library and runtime from different releases"
        text = (f"TVM rejected the call of {what}{func} (the argument count differs between the compiled model library "
                "and the runtime; the count was cut from the pasted message).")
    fix = ("Recompile the model library with the installed release: mlc_llm compile <model>/mlc-chat-config.json "
           "--device <target> -o <lib> (apps: rerun mlc_llm package from the app's mlc-llm checkout).",
           "Or use the app/wheel release that the prebuilt library was built for; clear ~/.cache/mlc_llm/model_lib after upgrading.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
