"""Computed diagnosis for flax.param-not-found: whether apply got no params at all or a tree that differs at one path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    param = str(facts.get("param") or "?")
    scope = str(facts.get("scope") or "").strip()
    sig = facts.get("_signature")
    if sig == "collection-empty" or scope in ("", "/"):
        where = scope or "(scope on the next log line)"
        if sig == "collection-empty":
            hint = " (apply got no params collection)"
            text = (f"apply found no 'params' collection at all when {where} asked for {param!r}: the variables passed are empty "
                    "or not nested as {'params': ...}, or a transform called the module without its variables.")
        else:
            hint = ""
            text = f"Parameter {param!r} was not found in scope {where}."
        fix = ("Pass init's output unchanged (model.apply(variables, x)) or wrap raw params: model.apply({'params': params}, x).",
               "Inside jax/diffrax transforms, bind the variables explicitly (module.bind(variables) or nn.apply).")
        return Explanation(text=text, fix=fix, derived={"hint": hint, "scope": where})
    depth = len([p for p in scope.split("/") if p])
    top = next((p for p in scope.split("/") if p), scope)
    hint = f" (params tree lacks {scope}/{param})"
    text = (f"The params tree has no leaf {scope}/{param}: {depth} level(s) deep under top-level module {top!r}. ")
    if depth <= 1:
        text += ("At the top level this usually means the tree is nested one level too deep or too shallow "
                 "({'params': {'params': ...}} or a sub-tree passed as the whole model).")
        fix = ("print(list(variables.keys())) and list(variables['params'].keys()): the module names there must include "
               f"{top!r}; unwrap/wrap one 'params' level as needed.",)
    else:
        text += ("Deep in the tree this usually means the weights come from another version of the model code or library "
                 "(renamed/re-nested submodules), or the submodule runs on a branch init did not execute.")
        fix = (f"Compare flatten_dict(params).keys() under {top!r} with model.init(...)['params']; remap renamed keys or use the "
               "code/flax version that wrote the checkpoint.",
               "If the submodule is only used in training or in another method, init with the same flags/method= as apply.")
    return Explanation(text=text, fix=fix, derived={"hint": hint, "scope": scope})
