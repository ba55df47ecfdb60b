"""Computed diagnosis for timm.pretrained-cfg-kwarg: which timm generation passed the key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ERA = {
    "default_cfg": ("timm 0.6 or later (build_model_with_cfg's default_cfg= became pretrained_cfg=)", "0.5.4"),
    "pretrained_cfg": ("timm 0.6 or later", "0.4.12 (or 0.5.4 if the repository needs it)"),
    "pretrained_cfg_overlay": ("timm 0.9 or later", "0.6.12 only if the code already handles pretrained_cfg, else 0.4.12"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    kwarg = facts.get("kwarg")
    if isinstance(kwarg, str) and facts.get("_signature") == "factory-model-kwarg":
        cls = facts.get("cls")
        who = f"{cls}.__init__" if isinstance(cls, str) and cls else "the model class's __init__"
        text = (f"timm's create_model forwarded the standard model keyword '{kwarg}' through the repository's registered "
                f"model function to {who}, which does not declare it: the repository was written for another timm "
                "release (or an older copy of its own model code).")
        fix = ("pip install the timm version in the repository's requirements (MAE-pytorch/BEiT-era code: timm==0.3.2 or 0.4.12).",
               f"Or accept and ignore it in the model: add '{kwarg}=None' (or **kwargs) to {who.split('.')[0]}'s __init__ signature.")
        return Explanation(text=text, fix=fix, derived={"timm_era": "timm version other than the repository's pin"})
    if not isinstance(kwarg, str) or kwarg not in _ERA:
        return None
    era, pin = _ERA[kwarg]
    cls = facts.get("cls")
    factory = facts.get("factory")
    who = f"{cls}.__init__" if isinstance(cls, str) and cls else "the model class's __init__"
    text = (f"{era} calls registered model functions with '{kwarg}', and this repository's function forwards it to "
            f"{who}, which does not accept it.")
    if kwarg == "default_cfg":
        text = ("This code passes default_cfg= to timm's build_model_with_cfg, a keyword timm 0.6 renamed to pretrained_cfg; "
                f"the new timm no longer consumes it and hands it on to {who}, which does not accept it.")
    if factory == "_factory":
        text += " The traceback shows timm/models/_factory.py, i.e. timm 0.9 or later."
    elif factory == "factory":
        text += " The traceback shows timm/models/factory.py, i.e. timm 0.6-0.8."
    fix = (f"pip install timm=={pin.split(' ')[0]} (check the repository's requirements for its exact pin)."
           if kwarg != "default_cfg" else
           "Rename default_cfg= to pretrained_cfg= in the repository's build_model_with_cfg call, or pip install timm==0.5.4.",
           "Or keep this timm and add at the top of the registered model function: "
           "for k in ('pretrained_cfg', 'pretrained_cfg_overlay', 'default_cfg'): kwargs.pop(k, None)")
    return Explanation(text=text, fix=fix, derived={"timm_era": era})
