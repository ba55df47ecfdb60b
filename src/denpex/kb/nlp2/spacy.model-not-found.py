"""Computed diagnosis for spacy.model-not-found: shortcut vs path vs package."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SHORTCUTS = {"en": "en_core_web_sm", "de": "de_core_news_sm", "fr": "fr_core_news_sm", "es": "es_core_news_sm",
              "it": "it_core_news_sm", "nl": "nl_core_news_sm", "pt": "pt_core_news_sm", "xx": "xx_ent_wiki_sm",
              "zh": "zh_core_web_sm", "ja": "ja_core_news_sm"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = str(facts.get("model") or "").strip()
    if not model:
        return None
    if model in _SHORTCUTS:
        full = _SHORTCUTS[model]
        return Explanation(
            text=f"'{model}' is a spaCy 2 shortcut link; spaCy 3 only loads full package names or paths.",
            fix=(f"python -m spacy download {full}", f"spacy.load('{full}') instead of spacy.load('{model}')"),
            derived={"kind": "shortcut", "package": full})
    if "/" in model or "\\" in model or model.startswith("."):
        return Explanation(
            text=f"'{model}' looks like a path, and no pipeline folder (config.cfg / meta.json) exists there relative to the working directory.",
            fix=(f"ls {model}  # must contain config.cfg (v3) or meta.json", "Pass an absolute path, e.g. the training output's model-best folder."),
            derived={"kind": "path"})
    return Explanation(
        text=f"The pipeline package {model} is not importable by the Python that runs this job (not installed, or installed into another venv/kernel).",
        fix=(f"python -m spacy download {model}   # with the same interpreter: sys.executable -m spacy download {model}",
             f"or add the {model} wheel from github.com/explosion/spacy-models/releases to requirements"),
        derived={"kind": "package"})
