"""Computed diagnosis for spacy.factory-not-found: which package registers the missing factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_V3_BUILTINS = {"tok2vec", "attribute_ruler", "senter", "morphologizer", "lemmatizer", "span_ruler",
                "spancat", "textcat_multilabel", "trainable_lemmatizer", "doc_cleaner", "entity_linker"}
_PLUGINS = {
    "abbreviation_detector": ("scispacy", "import scispacy; from scispacy.abbreviation import AbbreviationDetector"),
    "scispacy_linker": ("scispacy", "from scispacy.linking import EntityLinker"),
    "entityLinker": ("spacy-entity-linker", "import spacy_entity_linker"),
    "coreferee": ("coreferee", "import coreferee"),
    "sentencizer_ja": ("ginza", "import ginza"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("factory") or "").strip()
    if not name:
        return None
    lang = str(facts.get("language") or "").strip()
    part = f" for language {lang}" if lang else ""
    derived = {"language_part": part}
    if name == "transformer" or name.startswith("curated_transformer"):
        pkg = "spacy-curated-transformers" if name.startswith("curated") else "spacy-transformers"
        text = f"The pipeline needs the '{name}' component, which is registered by {pkg}; it is not installed in this interpreter."
        fix = (f"python -m pip install {pkg}  (with the same python / kernel that runs spaCy)",
               "python -m spacy validate  (model and spaCy versions must match)")
    elif name.startswith(("pytt_", "trf_")):
        text = (f"'{name}' is a component of the old spaCy 2 transformer pipelines (spacy-pytorch-transformers / spacy-transformers 0.x); "
                "this spaCy cannot build it.")
        fix = ("Use a current *_trf pipeline (python -m spacy download en_core_web_trf) with spaCy 3 + spacy-transformers,",
               "or pin spaCy 2.x with the matching spacy-transformers 0.x for the old model.")
    elif name in _V3_BUILTINS and not lang:
        text = f"'{name}' is built into spaCy 3, but this process runs spaCy 2 (the v2 wording of E002): the pipeline was made for spaCy 3."
        fix = ("pip install -U 'spacy>=3' and re-download the model, or download the 2.x release of the model for spaCy 2.",)
    elif name in _PLUGINS:
        pkg, imp = _PLUGINS[name]
        text = f"'{name}' is registered by {pkg} when its module is imported; the factory is not registered in this process."
        fix = (f"pip install {pkg}, then {imp} before nlp.add_pipe('{name}').",)
    else:
        text = f"No loaded module registered a factory named '{name}'{part}."
        fix = (f"Import the module that defines the '{name}' component (@Language.factory/@Language.component) before spacy.load / add_pipe,",
               "or install the plugin package that provides it in this environment.")
    return Explanation(text=text, fix=fix, derived=derived)
