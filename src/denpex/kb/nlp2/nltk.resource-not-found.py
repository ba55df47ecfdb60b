"""Computed diagnosis for nltk.resource-not-found: which data package to download, and punkt_tab."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_RENAMED = {"punkt": "punkt_tab", "averaged_perceptron_tagger": "averaged_perceptron_tagger_eng"}


def _package(resource: str) -> str:
    # 'tokenizers/punkt/english.pickle' -> 'punkt'; 'corpora/stopwords' -> 'stopwords'; 'punkt_tab' -> 'punkt_tab'
    parts = [p for p in resource.strip("/").split("/") if p]
    if len(parts) >= 2 and parts[0] in {"tokenizers", "corpora", "taggers", "chunkers", "models", "grammars", "misc", "sentiment", "stemmers"}:
        return parts[1].split(".")[0]
    return (parts[-1] if parts else resource).split(".")[0]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    resource = str(facts.get("resource") or "").strip()
    if not resource:
        return None
    attempted = str(facts.get("attempted") or "")
    pkg = _package(resource)
    text = f"NLTK could not find the data package '{pkg}' in any nltk_data folder on its search path"
    if attempted:
        text += f" (it tried {attempted})"
    text += "."
    fix = [f"python -m nltk.downloader {pkg}   # or nltk.download('{pkg}') before the first call"]
    derived: dict[str, Any] = {"package": pkg}
    if pkg in _RENAMED:
        new = _RENAMED[pkg]
        text += (f" '{pkg}' is the pre-3.8.2 name; newer NLTK loads '{new}' instead, so if this NLTK is 3.8.2+ "
                 f"download '{new}' (downloading both covers old and new versions).")
        fix = [f"python -m nltk.downloader {new} {pkg}"]
        pkg = f"{new} {pkg}"
    elif pkg.endswith("_tab") or pkg.endswith("_eng"):
        text += f" '{pkg}' is the format NLTK 3.8.2+/3.9 uses; an environment prepared with the old name lacks it."
    fix.append(f"In a Dockerfile: RUN python -m nltk.downloader -d /usr/local/share/nltk_data {pkg}   (a folder NLTK always searches)")
    fix.append("If the data sits in a custom folder: export NLTK_DATA=/that/folder before starting Python.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
