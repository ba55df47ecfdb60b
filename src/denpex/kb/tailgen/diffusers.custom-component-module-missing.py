"""Computed diagnosis for diffusers.custom-component-module-missing: split the candidate file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cand = facts.get("candidate_file")
    repo = facts.get("repo", "the model repository")
    if not isinstance(cand, str) or "/" not in cand:
        return None
    component, _, fname = cand.partition("/")
    module = fname[:-3] if fname.endswith(".py") else fname
    if "." in module:
        kind = " (a dotted module path of the project's own package)"
        text = (f"model_index.json of {repo} says component '{component}' comes from the project's package module "
                f"'{module}'. Current diffusers look for {cand} inside the model repository instead of importing it.")
        cls_hint = module.rsplit(".", 1)[0]
        fix = (f"Build it with the project's class and pass it: {component} = <Class>.from_pretrained('{repo}', subfolder='{component}') "
               f"(class from {module}), then Pipeline.from_pretrained('{repo}', {component}={component}).",
               f"Or install the diffusers version pinned in the project's requirements (the {cls_hint} package must be importable).")
    else:
        kind = " (a module of the project's code)"
        text = (f"model_index.json of {repo} names library '{module}' for component '{component}': that is a module of the "
                f"project that published the model, not of diffusers, and {cand} is not in the repository.")
        fix = ("Install the diffusers version the project pins (for example diffusers==0.21.4 for DreamGaussian/zero123 code).",
               f"Or import the project's {module}.py class, instantiate '{component}' from the repo subfolder and pass it to from_pretrained.")
    return Explanation(text=text, fix=fix, derived={"component": component, "module": module, "kind": kind})
