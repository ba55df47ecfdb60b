"""Computed diagnosis for rasa.graph-component-error: read the component from the node name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = {
    "SpacyNLP": ("spaCy language model missing", "python -m spacy download <model in config.yml> (e.g. en_core_web_md) in this environment."),
    "SpacyTokenizer": ("spaCy language model missing", "python -m spacy download <model in config.yml> in this environment."),
    "LanguageModelFeaturizer": ("Hugging Face weights not available", "Pre-download model_weights (or copy the cache) and point model_weights/cache_dir to it; offline hosts cannot fetch them."),
    "MitieNLP": ("MITIE model file missing", "Set model: to an existing total_word_feature_extractor.dat path."),
    "ConveRTFeaturizer": ("ConveRT model URL not reachable", "Set model_url to a reachable/local copy of the ConveRT model."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    node = facts.get("node")
    if not isinstance(node, str) or not node:
        return None
    m = re.match(r"(?:provide|run|train|load|process|finetune|predict|create)?_?([A-Za-z][A-Za-z0-9]*?)(\d*)$", node)
    component = m.group(1) if m else node
    phase = facts.get("phase") or "initializing"
    hint = _HINTS.get(component)
    if hint:
        diagnosis, fix_line = hint
    elif component.endswith("Policy") or component in ("DIETClassifier", "ResponseSelector"):
        diagnosis = f"trained {component} not loadable"
        fix_line = "Retrain with the installed Rasa/TensorFlow version, then load the new model."
    else:
        diagnosis = f"{component} failed"
        fix_line = f"Read the exception chained above the wrapper; it is raised inside {component}."
    text = (f"Node '{node}' ({component}) failed while {phase}: {diagnosis}. The wrapper hides the cause - "
            "the exception printed above 'The above exception was the direct cause' names it.")
    return Explanation(text=text, fix=(fix_line,), derived={"component": component, "diagnosis": diagnosis})
