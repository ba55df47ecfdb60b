"""Computed diagnosis for lmeval.loglikelihood-chat-api: which backend to switch to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model_type = str(facts.get("model_type") or "").strip()
    tasks = str(facts.get("tasks") or "").replace("'", "").replace('"', "").strip()
    task_txt = f" ({tasks})" if tasks else ""
    if model_type.startswith("openai-chat"):
        return Explanation(
            text=(f"--model {model_type} talks to OpenAI's hosted chat API, which returns no prompt logprobs; "
                  f"the loglikelihood / multiple-choice tasks{task_txt} cannot run on it."),
            fix=("Evaluate generative variants instead (e.g. mmlu_generative, gsm8k, *_cot tasks) with --apply_chat_template,",
                 "or run the weights locally with --model hf / vllm."),
            derived={"suggested_model": "generative tasks"},
        )
    name = model_type or "the chat-completions backend"
    return Explanation(
        text=(f"{name} sends /v1/chat/completions requests, which carry no prompt logprobs; "
              f"the loglikelihood / multiple-choice tasks{task_txt} need them."),
        fix=("lm_eval --model local-completions --model_args model=<served name>,"
             "base_url=http://<host>:<port>/v1/completions,tokenizer=<hf repo> --tasks " + (tasks.replace(" ", "") or "<tasks>"),
             "or keep the chat backend only for generate_until tasks."),
        derived={"suggested_model": "local-completions"},
    )
