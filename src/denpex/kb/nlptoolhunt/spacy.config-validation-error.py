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
    if not component or not error:
        return None
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
