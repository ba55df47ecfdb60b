"""Computed diagnosis for lmeval.model-not-registered: why this --model value is not a backend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RENAMED = {
    "hf-causal": "hf",
    "hf-causal-experimental": "hf",
    "hf-seq2seq": "hf",
    "gpt2": "hf",
    "gpt3": "openai-completions",
    "huggingface-causal": "hf",
}


def _norm(s: str) -> str:
    return s.lower().replace("-", "").replace("_", "")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("model_name") or "").strip()
    if not name:
        return None
    supported = [s.strip() for s in str(facts.get("supported") or "").split(",") if s.strip()]
    derived: dict[str, Any] = {"supported_count": len(supported)}
    if name in _RENAMED:
        new = _RENAMED[name]
        return Explanation(
            text=f"'{name}' is an lm-eval v0.3 model name; 0.4 renamed it to '{new}'.",
            fix=(f"lm_eval --model {new} --model_args pretrained=<repo or path> ...",),
            derived={**derived, "suggested": new},
        )
    if "/" in name or name.startswith((".", "~")):
        return Explanation(
            text=f"'{name}' looks like a checkpoint, but --model takes a backend type (hf, vllm, ...).",
            fix=(f"lm_eval --model hf --model_args pretrained={name} ...",),
            derived={**derived, "suggested": "hf"},
        )
    if not supported and facts.get("_signature") == "registry-keyerror":
        return Explanation(
            text=f"'{name}' is not a key of lm-eval's model registry (see the ValueError below it for the known names).",
            fix=("Compare --model with the supported names; python -c \"import lm_eval.models\" shows a backend that failed to import.",),
            derived=derived,
        )
    if not supported:
        return Explanation(
            text=("The registry is empty: no model backend imported, so even built-in names fail. "
                  "The installation is broken or a dependency import fails."),
            fix=("python -c \"import lm_eval.models\"   # shows the ImportError",
                 "Reinstall cleanly: pip install -U 'lm_eval[hf]' (or pip install -e . from a complete clone)."),
            derived=derived,
        )
    close = [s for s in supported if _norm(s) == _norm(name) or _norm(name) in _norm(s)]
    if close:
        return Explanation(
            text=f"'{name}' is not registered; close registered names: {', '.join(close[:5])}.",
            fix=(f"Use --model {close[0]}",),
            derived={**derived, "suggested": close[0]},
        )
    return Explanation(
        text=(f"'{name}' is not among the {len(supported)} registered backends ({', '.join(supported[:8])}"
              f"{', ...' if len(supported) > 8 else ''}). If it should exist in this version, its module failed to import."),
        fix=(f"python -c \"import lm_eval.models\"   # or the lmms_eval.models module of {name}: shows the import error",
             "Otherwise choose a registered backend and pass the checkpoint via --model_args pretrained=..."),
        derived=derived,
    )
