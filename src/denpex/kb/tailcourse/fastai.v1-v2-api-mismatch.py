"""Computed diagnosis for fastai.v1-v2-api-mismatch: which fastai major version the code needs, and the v2 name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_V07_MODULES = {"conv_learner", "dataset", "transforms", "structured", "column_data", "sgdr", "plots"}
_V07_NAMES = {"ImageClassifierData", "ConvLearner", "tfms_from_model"}
_PORT = {
    "ImageDataBunch": "ImageDataLoaders", "DataBunch": "DataLoaders", "TextLMDataBunch": "TextDataLoaders(is_lm=True)",
    "TextClasDataBunch": "TextDataLoaders", "TabularDataBunch": "TabularDataLoaders", "ItemList": "DataBlock",
    "ImageList": "DataBlock(blocks=(ImageBlock, ...))", "ImageItemList": "DataBlock(blocks=(ImageBlock, ...))",
    "SegmentationItemList": "SegmentationDataLoaders / DataBlock(blocks=(ImageBlock, MaskBlock))",
    "TextList": "DataBlock(blocks=TextBlock...)", "TabularList": "TabularPandas", "TabularLine": "TabularPandas rows", "TabularProcessor": "TabularPandas procs", "LabelLists": "DataBlock + splitter",
    "create_cnn": "vision_learner (cnn_learner before 2.7)", "get_transforms": "aug_transforms",
    "imagenet_stats": "imagenet_stats (from fastai.vision.all import *)", "open_image": "PILImage.create",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    module = str(facts.get("module") or "")
    name = str(facts.get("name") or "")
    if not (module or name):
        return None
    if sig == "v2-module-missing":
        return Explanation(
            text=f"`{module}` exists only in fastai 2.x: this code (fastbook / current docs style) runs on an older fastai 1.0.x or 0.7 install.",
            fix=("pip install -U fastai  (then: python -c \"import fastai; print(fastai.__version__)\" shows 2.x)",),
            derived={"written_for": "2.x", "diagnosis": "fastai 2.x code on an old fastai"})
    leaf = module.split(".")[1] if module.count(".") >= 1 else ""
    if leaf in _V07_MODULES or name in _V07_NAMES:
        return Explanation(
            text=f"`{module or name}` is from fastai 0.7 (the 2018 course); neither fastai 1.x nor 2.x has it.",
            fix=("Run it in its own environment with pip install fastai==0.7.0 (Python 3.6, old torch), or port to current fastai.",),
            derived={"written_for": "0.7", "diagnosis": "fastai 0.7 code on a newer fastai"})
    fix = ["Run the code with the version it was written for: pip install fastai==1.0.61 (in a separate environment, with torch <= 1.7)."]
    if name in _PORT:
        fix.append(f"Or port to fastai 2: {name} -> {_PORT[name]}")
    elif module:
        fix.append(f"Or port to fastai 2 and drop the `{module}` import (v2 has no such module; use `from fastai.<app>.all import *`).")
    return Explanation(
        text=f"`{module or name}` belongs to fastai 1.0.x (course-v3 era); the installed fastai 2.x removed it.",
        fix=tuple(fix), derived={"written_for": "1.0.x", "diagnosis": "fastai 1.x code on fastai 2.x"})
