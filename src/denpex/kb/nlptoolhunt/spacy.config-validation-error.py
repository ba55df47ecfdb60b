"""Computed diagnosis for spacy.config-validation-error: what the row means for this block/field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TOP_BLOCKS = {"nlp", "training", "initialize", "pretraining", "paths", "system", "corpora"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    component = str(facts.get("component") or "")
    field = str(facts.get("field") or "")
    error = str(facts.get("error") or "")
    if not error:
        return None
    if not component:
        # a row of the [nlp] block itself ("disabled  field required"): spaCy v3 validating a v2 model's or a
        # hand-made dict's settings (pyresparser ships a spaCy 2 model)
        diagnosis = f"[nlp] -> {field} {error}: a spaCy v2 model or config loaded by spaCy v3"
        text = (f"The [nlp] block lacks '{field}' (and usually disabled, tokenizer, before_creation, after_creation, "
                "after_pipeline_creation with it): spaCy v3 is loading a model directory or config written for spaCy v2, "
                "whose meta.json/config has none of the v3 settings. Packages that bundle a v2 model (pyresparser) hit this "
                "with any spaCy 3.")
        fix = ("Install spaCy 2 for that package (pip install 'spacy<3' plus its v2 model, e.g. en_core_web_sm==2.3.1), in a separate environment if needed.",
               "Or retrain/convert the model with spaCy 3 (spacy init config + spacy train) and load that instead.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "component": "nlp"})
    where = f"{component} -> {field}"
    if error == "extra fields not permitted":
        if component in _TOP_BLOCKS:
            diagnosis = f"[{component}] written for another spaCy version"
            text = (f"The [{component}] block sets '{field}', which this spaCy does not accept: the config was generated "
                    "by another spaCy version (or hand-edited).")
            fix = ("Regenerate it with the installed spaCy: python -m spacy init fill-config base.cfg config.cfg.",)
        else:
            diagnosis = "pipeline built with a newer spaCy than installed"
            text = (f"The '{component}' component is configured with '{field}', an argument the installed spaCy's factory "
                    "does not have: the pipeline/package was built with a newer spaCy (or a plugin version) than this one.")
            fix = ("python -m spacy validate, then install the spaCy version the package declares (meta.json spacy_version).",
                   "Or install the package release built for your spaCy version.")
    elif error == "field required":
        diagnosis = f"{where} missing (older or incomplete config)"
        text = (f"'{field}' in [{component}] is required by the installed spaCy but the config does not set it: an older "
                "or hand-written config, or a package built with an older spaCy.")
        fix = ("python -m spacy init fill-config config.cfg config_full.cfg (fills every default).",
               "For a package: install the spaCy version it was built with, or a package release for your spaCy.")
    elif error in ("none is not an allowed value",) or error.startswith("value is not a valid"):
        diagnosis = f"bad value for {where}"
        text = f"The value of {where} is wrong ({error}); often a [paths] variable left null."
        fix = (f"Set it in the config or on the command line, e.g. --{component}.{field} <value>.",)
    else:
        diagnosis = f"{where}: registered function not resolved"
        text = f"{where} expected a resolved object ({error}): the block's @registry reference or interpolation is wrong."
        fix = ("python -m spacy debug config config.cfg, and check the block's @architectures/@optimizers name.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
