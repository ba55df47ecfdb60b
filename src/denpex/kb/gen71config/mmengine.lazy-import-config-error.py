"""Computed diagnosis for mmengine.lazy-import-config-error: missing read_base module vs mixed config styles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    module = str(facts.get("module") or "")
    if not path:
        what = "classic _base_ config mixed with lazy_import (an import statement in the config)"
        text = ("A config in the chain uses _base_ = ... but mmengine parsed it as a lazy_import config, which happens "
                "as soon as the file contains any import statement (import os, from functools import partial).")
        fix = ("Remove the plain import(s) from that _base_-style config, or convert the whole chain to the "
               "'with read_base():' style.",)
        return Explanation(text=text, fix=fix, derived={"what": what})
    p = path.replace("\\", "/")
    what = f"read_base() module {module} not found ({path})" if module else f"base config {path} not found"
    if "site-packages/" in p or "dist-packages/" in p:
        text = (f"The read_base import {module or ''} was resolved inside the installed package ({path}), which has no "
                "configs folder: the project was pip-installed non-editable or run from outside its repository.")
        fix = ("Run from the repository root, or reinstall it in editable mode (pip install -e .) so configs/ resolves to the checkout.",)
    elif module.startswith("."):
        text = (f"The config imports its base relatively ({module}) and {path} is not next to it: the config was "
                "copied (e.g. into a checkpoint folder) without its base files.")
        fix = ("Pass the config from its original folder in the repository, or copy the base files beside it.",)
    else:
        text = f"The base config {path} named in a read_base() import does not exist."
        fix = ("Check the module path in the read_base block against the files in the repository and the working directory.",)
    return Explanation(text=text, fix=fix, derived={"what": what})
