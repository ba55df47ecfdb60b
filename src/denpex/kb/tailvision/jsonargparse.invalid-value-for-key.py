"""Computed diagnosis for jsonargparse.invalid-value-for-key: which value shape or class path failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SINGLE_OBJECT_KEYS = ("strategy", "accelerator", "plugins", "profiler", "optimizer", "lr_scheduler")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not isinstance(key, str) or not key:
        return None
    leaf = key.split(".")[-1]
    given = facts.get("given_type") or ""
    cls = facts.get("class_path") or ""
    inline = facts.get("inline") or ""
    if given == "list" and leaf in _SINGLE_OBJECT_KEYS:
        detail = " (a list was given where one object is expected)"
        text = f"{key} takes one value, but the config gives a YAML list (a leading '-')."
        fix = (f"Write {key} as a single mapping: class_path: ... / init_args: ... without the leading '-'.",)
    elif given:
        detail = f" (given a {given})"
        text = f"The value of {key} is a {given}, which matches none of the types its parameter accepts."
        fix = (f"Give {key} in one of the listed forms; check python main.py fit --{key}.help.",)
    elif cls:
        pkg = cls.split(".")[0]
        detail = f" (class_path {cls})"
        if pkg in ("pytorch_lightning", "lightning"):
            text = (f"class_path {cls} could not be used: it is missing, not importable, or from the other Lightning "
                    "namespace (pytorch_lightning vs lightning.pytorch) than the base class the parameter expects.")
            fix = ("Use the namespace of the installed package: lightning.pytorch.* with 'lightning', pytorch_lightning.* with 'pytorch-lightning'.",)
        else:
            text = (f"class_path {cls} could not be used: the module does not import from the working directory/PYTHONPATH, "
                    "the class does not subclass the expected base, or its init_args are invalid (see the indented reason).")
            fix = (f"python -c 'import {cls.rsplit('.', 1)[0]}' to check the import; fix the init_args named in the indented lines.",)
    elif inline.startswith("Type <class"):
        detail = " (subclass value without class_path)"
        text = f"{key} needs class_path (and optionally init_args); the config gives init_args or a bare mapping only."
        fix = (f"Add class_path: <module.Class> next to the init_args of {key}.",)
    elif inline.startswith("Not of type"):
        detail = f" ({inline})"
        text = f"The value of {key} could not be converted: {inline}; the text after it is the error raised while building it."
        fix = (f"Check the type annotation of {leaf} and give a value of that type (or a class_path/init_args mapping).",)
    else:
        detail = ""
        text = f"The value given for {key} fails its type check; the indented lines below the message list why."
        fix = (f"Compare with python main.py fit --print_config and the type of {leaf}.",)
    return Explanation(text=text, fix=fix, derived={"detail": detail})
