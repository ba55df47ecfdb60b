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
    sig = facts.get("_signature")
    if sig in ("v2-shortcut-link-invalid", "v2-link-module-no-load"):
        full = _SHORTCUTS.get(model, model)
        what = ("the shortcut link exists but importing it as a package failed (a link to a bare data directory, a model "
                "package from another spaCy version, or an interpreter older than the loader needs - Python < 3.5 lacks "
                "importlib.util.module_from_spec)") if sig == "v2-shortcut-link-invalid" else (
                f"'{model}' was imported as a module but has no load(): the link (or package) points to a data directory or a "
                "broken/partial model install, not to a spaCy model package")
        return Explanation(
            text=f"spaCy 2 could not load '{model}': {what}.",
            fix=(f"python -m spacy download {full}   # reinstalls the package and recreates the link, same interpreter",
                 f"spacy.load('{full}') (the package name) instead of the shortcut '{model}'; on spaCy 3 shortcuts are gone",
                 "python -m spacy validate  # lists installed models, links and version compatibility"),
            derived={"kind": "broken-link", "package": full})
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
