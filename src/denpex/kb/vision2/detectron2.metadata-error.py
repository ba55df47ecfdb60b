"""Computed diagnosis for detectron2.metadata-error: which name lacks (or already has) which attribute."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILTIN_PREFIXES = ("coco_", "lvis_", "cityscapes_", "voc_", "ade20k_", "keypoints_coco")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    attr = str(facts.get("attribute") or "thing_classes")
    ds = str(facts.get("dataset") or "")
    if not ds:
        return None
    if sig == "set-conflict":
        if ds.startswith(_BUILTIN_PREFIXES):
            text = (f"'{ds}' is a builtin detectron2 dataset whose metadata already sets {attr}; registering your own "
                    f"data under that name tries to change it.")
            fix = (f"Register your data under a new name (e.g. register_coco_instances('my_{ds}', {{}}, json, images)) and "
                   f"set cfg.DATASETS.TRAIN/TEST to it.",)
            problem = f"builtin name {ds} reused"
        else:
            text = (f"'{attr}' of '{ds}' is already set in this process and a second registration tries to change it "
                    "(registration run twice, or set() after register_coco_instances read other classes from the json).")
            fix = (f"Before registering again: DatasetCatalog.remove('{ds}'); MetadataCatalog.remove('{ds}').",
                   f"Or pass the classes once: register_coco_instances('{ds}', {{'{attr}': [...]}}, json, images) "
                   "matching the json's categories.")
            problem = f"{attr} of {ds} set twice"
        return Explanation(text=text, fix=fix, derived={"problem": problem})
    available = str(facts.get("available") or "")
    if sig == "missing-empty" or available in ("dict_keys(['name'])",):
        text = (f"The metadata of '{ds}' is empty: the name was never given metadata (registered with DatasetCatalog "
                f"only, or '{ds}' is a typo / a different name than the one registered), so '{attr}' is missing.")
        fix = (f"MetadataCatalog.get('{ds}').set({attr}=[...your class names...]) right after registering '{ds}',",
               f"or check the name: print(DatasetCatalog.list()) and use exactly that string.")
        return Explanation(text=text, fix=fix, derived={"problem": f"metadata of {ds} empty"})
    near = ""
    if attr == "thing_classes" and "things_classes" in available:
        near = " The metadata has 'things_classes': a misspelled key."
    text = f"The metadata of '{ds}' has {available or 'other keys'} but not '{attr}'.{near}"
    fix = (f"MetadataCatalog.get('{ds}').set({attr}=[...]) (exact key name '{attr}').",)
    return Explanation(text=text, fix=fix, derived={"problem": f"{attr} missing in {ds}"})
