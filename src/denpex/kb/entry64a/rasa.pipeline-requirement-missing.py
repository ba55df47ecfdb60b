"""Computed diagnosis for rasa.pipeline-requirement-missing: which component to add before the failing one."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# rasa_nlu 0.x context property -> the components (0.x names) that provide it
_PROPERTY_0X = {
    "tokens": "a tokenizer: tokenizer_whitespace, or tokenizer_spacy after nlp_spacy (tokenizer_mitie after nlp_mitie, tokenizer_jieba for Chinese)",
    "spacy_doc": "nlp_spacy (or, for ner_crf on rasa_nlu 0.12.x, upgrade to 0.13+ where ner_crf no longer needs spaCy)",
    "spacy_nlp": "nlp_spacy",
    "mitie_feature_extractor": "nlp_mitie (with its model file)",
    "mitie_file": "nlp_mitie (with its model file)",
    "text_features": "a featurizer: intent_featurizer_count_vectors or intent_featurizer_spacy",
    "intent_features": "a featurizer: intent_featurizer_count_vectors or intent_featurizer_spacy",
    "entities": "an entity extractor (ner_crf, ner_spacy) before it",
}
# Rasa 1.x property names (snake_case with the attribute) -> Rasa 1.x components
_PROPERTY_1X = {
    "tokens": "a tokenizer such as WhitespaceTokenizer (or SpacyTokenizer after SpacyNLP)",
    "spacy_doc": "SpacyNLP",
    "spacy_nlp": "SpacyNLP",
    "mitie_feature_extractor": "MitieNLP",
    "text_features": "a featurizer such as CountVectorsFeaturizer",
    "text_sparse_features": "a sparse featurizer such as CountVectorsFeaturizer",
    "text_dense_features": "a dense featurizer such as SpacyFeaturizer or ConveRTFeaturizer",
}
# Rasa 1.8+ required component class -> what to add
_CLASS = {
    "Tokenizer": "a tokenizer such as WhitespaceTokenizer (SpacyTokenizer after SpacyNLP, JiebaTokenizer for Chinese)",
    "Featurizer": "a featurizer such as CountVectorsFeaturizer (after a tokenizer)",
    "SparseFeaturizer": "a sparse featurizer such as CountVectorsFeaturizer",
    "DenseFeaturizer": "a dense featurizer such as SpacyFeaturizer, ConveRTFeaturizer or LanguageModelFeaturizer",
    "SpacyNLP": "SpacyNLP (with model: en_core_web_md or another installed spaCy model) at the top",
    "MitieNLP": "MitieNLP (with model: the total_word_feature_extractor.dat path) at the top",
    "HFTransformersNLP": "HFTransformersNLP before LanguageModelTokenizer/Featurizer (Rasa 2.x), or LanguageModelFeaturizer alone (Rasa 3)",
    "EntityExtractor": "an entity extractor (CRFEntityExtractor, DIETClassifier, RegexEntityExtractor)",
}
_NODE = re.compile(r"^(?:run|train|provide|process)_(?P<cls>[A-Za-z_]\w*?)\d*$")


def _names(text: str) -> list[str]:
    return [n for n in re.findall(r"[A-Za-z_][\w.]*", text or "")]


def _for_property(prop: str, snake: bool) -> str:
    table = _PROPERTY_0X if snake else _PROPERTY_1X
    return table.get(prop) or f"the component that provides '{prop}'"


def _for_class(cls: str) -> str:
    return _CLASS.get(cls) or cls


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    component = str(facts.get("component") or "")
    prop = str(facts.get("property") or "")
    any_of = str(facts.get("any_of") or "")
    required = str(facts.get("required") or "")
    nodes = str(facts.get("nodes") or "")
    if nodes and not component:
        classes = [m.group("cls") if (m := _NODE.match(n)) else n for n in _names(nodes)]
        component = ", ".join(dict.fromkeys(classes))
    if not component:
        return None
    snake = component[:1].islower()
    if prop:
        needs = f"'{prop}'"
        add = _for_property(prop, snake)
    elif any_of:
        options = _names(any_of)
        needs = "one of " + ", ".join(f"'{o}'" for o in options)
        add = " or ".join(dict.fromkeys(_for_property(o, snake) for o in options)) if options else "a component that provides it"
    elif required:
        classes = _names(required)
        needs = ", ".join(classes)
        add = "; ".join(_for_class(c) for c in classes)
    else:
        return None
    generation = "rasa_nlu 0.x (snake_case component names)" if snake else "Rasa 1.x+"
    text = (f"{component} needs {needs}, which no component above it in the config.yml pipeline provides "
            f"({generation}). Add {add} before {component}, or move {component} below the component that provides it.")
    fix = [f"Put {add} above {component} in the pipeline of config.yml"]
    if "Tokenizer" in needs or prop == "tokens":
        fix.append("Keep exactly one tokenizer, placed right after any language model (SpacyNLP / MitieNLP) and before featurizers and extractors")
    if snake:
        fix.append("Or upgrade: rasa_nlu 0.x names (ner_crf, tokenizer_whitespace) changed in Rasa 1.x (CRFEntityExtractor, WhitespaceTokenizer)")
    return Explanation(text=text, fix=tuple(fix), derived={"component": component, "needs": needs, "add": add})
