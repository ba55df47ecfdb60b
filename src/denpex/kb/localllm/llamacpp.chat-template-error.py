"""Computed diagnosis for llamacpp.chat-template-error: which template mode problem and the flag to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILTIN = {"chatml", "llama2", "llama2-sys", "llama3", "llama4", "mistral-v1", "mistral-v3", "mistral-v7", "phi3", "phi4",
            "zephyr", "monarch", "gemma", "orion", "openchat", "vicuna", "deepseek", "deepseek2", "deepseek3", "command-r",
            "chatglm3", "chatglm4", "minicpm", "exaone3", "granite", "gigachat", "megrez", "falcon3", "rwkv-world"}


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    derived: dict[str, Any] = {}
    if sig == "template-not-supported":
        t = str(facts.get("template") or "").strip()
        derived["template"] = t[:80]
        if "{%" in t or "{{" in t:
            text = ("A Jinja template was passed inline to --chat-template and the check rejected it (not parseable, or the server "
                    "ran without --jinja, where only built-in names are accepted).")
            fix = ("Save it to a file and start with --jinja --chat-template-file template.jinja (avoid inline templates in "
                   "systemd / shell lines).",)
        elif t.lower() in _BUILTIN:
            text = (f"'{t}' is a built-in name, but the server was started with --jinja, which reads --chat-template as Jinja source.")
            fix = (f"Drop --jinja to use the built-in '{t}', or pass a Jinja file with --chat-template-file.",)
        else:
            text = f"'{t}' is neither a built-in template name nor a template this llama.cpp can parse."
            fix = ("Use a built-in name (chatml, llama3, gemma, mistral-v7, ...) or --jinja --chat-template-file <file>.",)
        return Explanation(text=text, fix=fix, derived=derived)
    if sig == "parse-failed-default-chatml":
        reason = str(facts.get("reason") or "")
        derived["reason"] = reason[:120]
        hint = ""
        if "'.'" in reason or ".System" in reason:
            hint = " The template looks like an Ollama Go template ({{ .System }}), not Jinja."
        elif '"""' in reason or "closing block tag" in reason:
            hint = " Python-only syntax (e.g. triple-quoted strings) is not valid Jinja."
        return Explanation(
            text=("The server could not parse the model's Jinja chat template and now formats every prompt as ChatML; models trained "
                  "on another format will answer badly or print stray tags." + hint),
            fix=("Provide a valid template: --jinja --chat-template-file <fixed.jinja> (take chat_template from the model's "
                 "tokenizer_config.json), or upgrade llama.cpp if the template uses newer Jinja features.",),
            derived=derived)
    if sig == "tools-require-jinja":
        return Explanation(text="The request carried tools but llama-server runs in legacy template mode, which cannot render them.",
                           fix=("Restart llama-server with --jinja (and the model's template), or send the request without tools.",),
                           derived={"flag": "--jinja"})
    if sig == "tools-with-stream":
        return Explanation(text="This llama-server build cannot stream tool calls.",
                           fix=("Upgrade llama.cpp (streaming tool calls are supported in later 2025 builds) or send stream=false "
                                "for requests with tools.",), derived={})
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None  # facts of an unexpected shape: fall back to the entry's static text
