"""Computed diagnosis for detectron2.trainer-api-changed: which part of the 0.3 API change was hit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    if sig == "loader-from-config-positional":
        loader = str(facts.get("loader") or "_train_loader_from_config")
        builder = "build_detection_test_loader" if "test" in loader else "build_detection_train_loader"
        diagnosis = f"{builder} called with a positional mapper"
        text = (f"detectron2 0.3+ made {builder} configurable: after cfg, the mapper must be passed by keyword.")
        fix = (f"{builder}(cfg, mapper=mapper)" + (", dataset_name)" if "test" in loader else ""),
               "or pin detectron2 v0.2.1 for the whole project")
    elif sig == "private-attr-missing":
        attr = str(facts.get("attr") or "_trainer")
        trainer = str(facts.get("trainer") or "Trainer")
        if attr == "_trainer":
            diagnosis = f"{trainer} never created self._trainer (its __init__ skips DefaultTrainer.__init__)"
            text = (f"detectron2 0.3+ DefaultTrainer delegates run_step to self._trainer (a SimpleTrainer/AMPTrainer) built in "
                    f"DefaultTrainer.__init__; {trainer} overrides __init__ the pre-0.3 way, so the attribute was never set.")
            fix = ("pin detectron2 v0.2.1 for the project (build it from source for your PyTorch)",
                   f"or port {trainer}.__init__: call DefaultTrainer.__init__(self, cfg), or set self._trainer = SimpleTrainer(model, data_loader, optimizer)")
        else:
            diagnosis = f"{trainer}.run_step reads self.{attr}, which moved to self._trainer in 0.3"
            text = (f"The project's run_step uses self.{attr}, an attribute of the pre-0.3 SimpleTrainer base; since detectron2 0.3 "
                    f"it lives on self._trainer.{attr}.")
            fix = (f"replace self.{attr} with self._trainer.{attr} in the project's run_step (or move the custom step into a SimpleTrainer subclass)",
                   "or pin detectron2 v0.2.1 for the whole project")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
    else:
        diagnosis = "Trainer skips DefaultTrainer.__init__ the pre-0.3 way"
        text = ("super(DefaultTrainer, self).__init__(model, data_loader, optimizer) now reaches TrainerBase.__init__(self), "
                "which takes no arguments: the project was written for detectron2 <= 0.2.")
        fix = ("pip uninstall -y detectron2 && git clone -b v0.2.1 https://github.com/facebookresearch/detectron2 && pip install -e detectron2",
               "or port: TrainerBase.__init__(self); self._trainer = SimpleTrainer(model, data_loader, optimizer) (AMPTrainer for AMP)")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
