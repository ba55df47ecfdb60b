"""Computed diagnosis for lightning.model-not-lightningmodule: which namespace the Trainer used, what to import."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NOT_LIGHTNING = re.compile(r"(?:For[A-Z]\w+|Model|Thunder\w*|Sequential|DataParallel|DistributedDataParallel)$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    got = str(facts.get("got") or "")
    if not got:
        return None
    pkg = str(facts.get("trainer_pkg") or "").replace("\\", "/")
    if pkg.startswith("lightning/pytorch"):
        have, other = "lightning.pytorch", "pytorch_lightning"
    elif pkg.startswith("pytorch_lightning"):
        have, other = "pytorch_lightning", "lightning.pytorch"
    else:
        have, other = "", ""
    plain = bool(_NOT_LIGHTNING.search(got)) and "Lightning" not in got and not got.endswith("Module")
    if plain:
        text = (f"{got} looks like a plain model (nn.Module / transformers / compiled wrapper), not a LightningModule: the Trainer only accepts LightningModules. "
                "If it does subclass LightningModule, it is the other Lightning package's class (lightning.pytorch vs pytorch_lightning).")
        fix = (f"Wrap it: class Lit(LightningModule) holding {got} as self.model, with training_step and configure_optimizers; pass Lit(...) to trainer.fit.",
               "Or import Trainer from the same package as the model's LightningModule base.")
        return Explanation(text=text, fix=fix, derived={"what": "not a LightningModule (wrap it) or mixed Lightning packages"})
    if have:
        text = (f"The Trainer is {have}.Trainer, so {got} must subclass {have}.LightningModule; it most likely subclasses {other}.LightningModule "
                "(same code, different class objects) - unless it is not a LightningModule at all.")
        fix = (f"Import everything from one package: from {other} import Trainer "
               f"(matching {got}'s library), including callbacks and loggers - or change the model's imports to {have}.",
               "Keep lightning and pytorch-lightning at the same version (pip install -U lightning pytorch-lightning).")
        return Explanation(text=text, fix=fix, derived={"what": f"Trainer is {have}, model is likely {other}"})
    text = (f"{got} does not subclass the LightningModule of the package the Trainer comes from: lightning.pytorch and pytorch_lightning "
            "are separate class hierarchies.")
    fix = ("Import Trainer, callbacks and loggers from the same package as the model's base class (check with inspect.getmro(type(model))).",)
    return Explanation(text=text, fix=fix, derived={"what": "lightning.pytorch / pytorch_lightning mixed"})
