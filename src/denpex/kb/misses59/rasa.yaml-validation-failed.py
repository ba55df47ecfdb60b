"""Computed diagnosis for rasa.yaml-validation-failed: which value of which file breaks the schema, and the
component list that replaces a Rasa 0.x/1.x pipeline template."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Rasa 1.x pipeline templates and the components they stood for
_TEMPLATES = {
    "spacy_sklearn": "SpacyNLP, SpacyTokenizer, SpacyFeaturizer, RegexFeaturizer, CRFEntityExtractor, EntitySynonymMapper, SklearnIntentClassifier",
    "pretrained_embeddings_spacy": "SpacyNLP, SpacyTokenizer, SpacyFeaturizer, RegexFeaturizer, CRFEntityExtractor, EntitySynonymMapper, SklearnIntentClassifier",
    "tensorflow_embedding": "WhitespaceTokenizer, RegexFeaturizer, CRFEntityExtractor, EntitySynonymMapper, CountVectorsFeaturizer, DIETClassifier",
    "supervised_embeddings": "WhitespaceTokenizer, RegexFeaturizer, CRFEntityExtractor, EntitySynonymMapper, CountVectorsFeaturizer, CountVectorsFeaturizer (analyzer: char_wb, min_ngram: 1, max_ngram: 4), DIETClassifier",
    "keyword": "KeywordIntentClassifier",
    "pretrained_embeddings_convert": "ConveRTTokenizer, ConveRTFeaturizer, DIETClassifier (ConveRT was removed in Rasa 3: use LanguageModelFeaturizer)",
    "mitie": "MitieNLP, MitieTokenizer, MitieEntityExtractor, EntitySynonymMapper, RegexFeaturizer, MitieFeaturizer, SklearnIntentClassifier",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("value_path") or "").strip()
    err = str(facts.get("value_error") or "").strip()
    line = facts.get("line")
    where = (f"line {line}, " if line is not None else "") + (f"value path '{path}'" if path else "the file")
    derived = {"value_path_text": where, "value_error_text": err or "see the errors listed under the message"}
    m = re.search(r"Value '(?:b')?([\w.-]+)'?'", err)
    if path == "/pipeline" and m and "is not a list" in err:
        name = m.group(1)
        comps = _TEMPLATES.get(name)
        text = (f"config.yml sets 'pipeline: {name}', a Rasa 0.x/1.x pipeline template. Rasa 2.0 removed templates: the "
                "pipeline must be a list of components (- name: ...).")
        fix = [f"Replace it by the components it stood for: {comps}." if comps else
               "Replace it by a list of components (rasa init in a scratch folder writes a default config.yml to copy).",
               "Or install the Rasa 1.x version the project was written for."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    text = (f"Rasa's schema check rejected the file at {where}" + (f": {err}" if err else "") + ". The file's layout is not the one "
            "this Rasa version expects - written for another major version, or edited by hand.")
    fix = ["Fix that value to the format of the installed Rasa version (see the docs page for config, domain or training data of that version).",
           "Run rasa data validate to see every file and error at once."]
    return Explanation(text=text, fix=tuple(fix), derived=derived)
