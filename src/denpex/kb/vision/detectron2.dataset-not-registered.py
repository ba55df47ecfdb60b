"""Computed diagnosis for detectron2.dataset-not-registered: string-instead-of-tuple vs. unregistered name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("dataset")
    if not isinstance(name, str):
        return None
    if len(name) == 1:
        text = (f"The dataset name is the single character '{name}': DATASETS.TRAIN or DATASETS.TEST holds a string "
                f"(e.g. ('{name}...') without a trailing comma), so detectron2 iterated over its letters and looked up '{name}'.")
        fix = ("cfg.DATASETS.TRAIN = ('<your_train_name>',)  # note the trailing comma",
               "cfg.DATASETS.TEST = ('<your_val_name>',)  # or () to skip evaluation")
        return Explanation(text=text, fix=fix, derived={"cause": "string-not-tuple"})
    text = (f"'{name}' was never registered in the process that builds the data loader. Register it before building the "
            "trainer, inside the main function passed to launch() when using several GPUs.")
    fix = (f"register_coco_instances('{name}', {{}}, '<annotations.json>', '<image_root>')  # before DefaultTrainer(cfg)",
           "With --num-gpus > 1: move registration into main(args), the function given to detectron2.engine.launch.",
           f"Check spelling: from detectron2.data import DatasetCatalog; print([n for n in DatasetCatalog.list() if '{name[:6]}' in n])")
    return Explanation(text=text, fix=fix, derived={"cause": "not-registered"})
