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
    else:
        diagnosis = "Trainer skips DefaultTrainer.__init__ the pre-0.3 way"
        text = ("super(DefaultTrainer, self).__init__(model, data_loader, optimizer) now reaches TrainerBase.__init__(self), "
                "which takes no arguments: the project was written for detectron2 <= 0.2.")
        fix = ("pip uninstall -y detectron2 && git clone -b v0.2.1 https://github.com/facebookresearch/detectron2 && pip install -e detectron2",
               "or port: TrainerBase.__init__(self); self._trainer = SimpleTrainer(model, data_loader, optimizer) (AMPTrainer for AMP)")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
