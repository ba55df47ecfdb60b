"""Computed diagnosis for allennlp.configuration-error: which config item and how to fix it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "not-registered":
        name, reg = facts.get("name"), facts.get("registry") or "this class"
        if not name:
            return None
        text = f"'{name}' is not registered as a {reg}: the module defining it was not imported."
        fix = (f"Run with --include-package <your_package> (the package whose code has @{reg}.register('{name}')), or add it to .allennlp_plugins,",
               "or, if it is an AllenNLP model, pip install allennlp-models matching your allennlp version.")
        return Explanation(text=text, fix=fix, derived={"problem": f"'{name}' is not a registered {reg}"})
    if sig == "not-in-choices":
        value, loc, choices = facts.get("value"), facts.get("location") or "?", facts.get("choices") or "[]"
        if not value:
            return None
        text = f"{loc} = '{value}' but this AllenNLP only knows {choices}."
        fix = (f"Install the AllenNLP / allennlp-models version that provides '{value}', or use --include-package for custom code,",
               f"or change {loc} to one of {choices}.")
        return Explanation(text=text, fix=fix, derived={"problem": f"{loc} '{value}' unknown"})
    if sig in ("key-required", "params-pop-keyerror"):
        key, loc = facts.get("key"), facts.get("location") or ""
        if not key:
            return None
        text = f"The config has no '{key}' under '{loc.rstrip('.') or 'the top level'}', which this AllenNLP version requires."
        fix = (f"Add \"{key}\" under {loc.rstrip('.') or 'the top level'} (see the config format of your installed version),",
               "or install the AllenNLP version the config was written for.")
        return Explanation(text=text, fix=fix, derived={"problem": f"missing key '{key}' at '{loc}'"})
    if sig == "extra-parameters":
        cls, extra = facts.get("cls"), facts.get("extra") or "{}"
        if not cls:
            return None
        text = f"{cls} does not accept the config keys {extra} in this AllenNLP version."
        fix = (f"Remove {extra} from the {cls} block of the config (or install the AllenNLP version that accepted them).",)
        return Explanation(text=text, fix=fix, derived={"problem": f"{cls} got unknown keys {extra}"})
    return None
