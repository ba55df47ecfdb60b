"""Computed diagnosis for mmengine.registry-key-missing: which type name is missing from which registry (and scope),
and the usual cause for that combination: codebase registry not initialised (default_scope), custom module not
imported (custom_imports / plugin_dir), or a name from the other OpenMMLab generation."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# class-name prefix -> (scope, pip package) of the codebase that registers it
_PREFIX = (
    ("Det3D", "mmdet3d", "mmdet3d"), ("Det", "mmdet", "mmdet"), ("Seg", "mmseg", "mmsegmentation"),
    ("Pose", "mmpose", "mmpose"), ("Action", "mmaction", "mmaction2"), ("Cls", "mmpretrain", "mmpretrain"),
    ("Universal", "mmpretrain", "mmpretrain"), ("TextDet", "mmocr", "mmocr"), ("TextRecog", "mmocr", "mmocr"),
    ("TextSpotting", "mmocr", "mmocr"), ("Rotated", "mmrotate", "mmrotate"), ("YOLO", "mmyolo", "mmyolo"),
    ("SelfSup", "mmselfsup", "mmselfsup"), ("Track", "mmtrack", "mmtrack"),
)
# OpenMMLab 1.x (mmcv 1.x) names that no 2.0-generation registry has, with their replacement
_GONE_IN_2 = {
    "DefaultFormatBundle": "PackDetInputs / PackSegInputs / PackPoseInputs (one Pack*Inputs transform replaces DefaultFormatBundle + Collect)",
    "Collect": "Pack*Inputs(meta_keys=...)",
    "ImageToTensor": "Pack*Inputs",
    "ToTensor": "Pack*Inputs",
    "Normalize": "the model's data_preprocessor (e.g. DetDataPreprocessor(mean=..., std=..., bgr_to_rgb=True))",
    "Pad": "data_preprocessor pad_size_divisor (or Pad in mmcv.transforms for explicit padding)",
    "MultiScaleFlipAug": "TestTimeAug",
    "LoadImageFromWebcam": "LoadImageFromNDArray",
    "NumClassCheckHook": "(removed; drop it from custom_hooks)",
    "EpochBasedRunner": "train_cfg=dict(type='EpochBasedTrainLoop', max_epochs=N)",
    "IterBasedRunner": "train_cfg=dict(type='IterBasedTrainLoop', max_iters=N)",
}
# 2.0-generation names that a 1.x (mmcv 1.x) registry does not know
_NEW_IN_2 = {"PackDetInputs", "PackSegInputs", "PackPoseInputs", "PackTextDetInputs", "PackTextRecogInputs", "PackActionInputs",
             "PackClsInputs", "PackInputs", "Pack3DDetInputs", "DetDataPreprocessor", "SegDataPreprocessor", "PoseDataPreprocessor",
             "ActionDataPreprocessor", "ClsDataPreprocessor", "TestTimeAug", "RandomResize", "RandomChoiceResize",
             "EpochBasedTrainLoop", "IterBasedTrainLoop", "ValLoop", "TestLoop", "OptimWrapper", "AmpOptimWrapper",
             "DetLocalVisualizer", "SegLocalVisualizer", "LocalVisBackend", "CocoMetric", "IoUMetric"}
_OLD_REGISTRIES = {"models", "backbone", "neck", "head", "detector", "segmentor", "dataset", "pipeline", "loss", "runner",
                   "hook", "optimizer", "optimizer builder", "bbox_assigner", "bbox_sampler", "bbox_coder", "match_cost",
                   "pixel sampler", "posenet", "recognizer", "localizer"}


def _owner(name: str) -> tuple[str, str] | None:
    for prefix, scope, pkg in _PREFIX:
        if name.startswith(prefix):
            return scope, pkg
    return None


def owner_scope(owner: tuple[str, str] | None) -> str | None:
    return owner[0] if owner else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("type_name") or "")
    scope = facts.get("scope")
    registry = str(facts.get("registry") or "")
    outer = facts.get("outer")
    if outer and str(outer).endswith(("Error", "Exception")):
        outer = None
    failed_scope = facts.get("failed_scope")
    failed_location = facts.get("failed_location")
    short = name.rsplit(".", 1)[-1]
    where = f"{scope}::{registry}" if scope else registry
    derived: dict[str, Any] = {"where": f"the {where} registry"}
    parts: list[str] = []
    fix: list[str] = []
    owner = _owner(short)
    gen1 = (not scope) and (registry in _OLD_REGISTRIES or bool(outer))
    if outer:
        parts.append(f"While building {outer} from the config, its sub-module '{name}' was not found in the {where} registry.")

    if short in _GONE_IN_2 and not gen1:
        derived["what"] = f"'{name}' is an OpenMMLab 1.x name"
        parts.append(f"'{short}' existed in OpenMMLab 1.x (mmcv 1.x, mmdet 2.x) configs and is gone in the 2.0 generation: the config (or a _base_ it inherits) is written for the old version.")
        fix.append(f"Replace it: {short} -> {_GONE_IN_2[short]}; better, start from the matching config of the installed codebase version (configs/ of the same release).")
    elif short in _NEW_IN_2 and gen1:
        derived["what"] = f"'{name}' is an OpenMMLab 2.0 name in a 1.x registry"
        parts.append(f"'{short}' belongs to the OpenMMLab 2.0 generation (mmengine, mmdet 3.x, mmseg 1.x), but this registry ('{registry}', no scope) is the mmcv 1.x one: a new config is run with old code.")
        fix.append("Use a config from the installed release (git checkout the tag matching pip show mmdet / mmsegmentation), or upgrade the code to the 2.0 generation (mmengine + mmcv 2.x).")
    elif scope == "mmengine" or (failed_scope and not scope) or (owner and not gen1 and scope in (None, owner[0])):
        own = owner or ((str(failed_scope), str(failed_scope)) if failed_scope else None)
        sc, pkg = own if own else ("<codebase>", "<codebase>")
        if scope == owner_scope(owner) or (failed_location and not failed_scope and scope != "mmengine"):
            derived["what"] = f"{sc} did not register its own '{short}'"
            parts.append(f"{short} is one of {sc}'s own classes, yet the {where} registry does not have it: the module that defines it failed to import (mmengine imports registry locations lazily and only warns), or the installed {pkg} is older than the config.")
        else:
            derived["what"] = f"'{name}' looked up outside the {sc} registries"
            why = f" (mmengine warned: Failed to search registry with scope \"{failed_scope}\")" if failed_scope else ""
            parts.append(f"The lookup ran in mmengine's own {registry} registry, not in {sc}'s{why}: the default scope is not set or the {sc} registries were never imported, so classes the codebase registers (like {short}) are invisible.")
        fix.append(f"Make the codebase importable in this environment: from its repository run pip install -v -e . (or pip install {pkg}), and check python -c 'import {sc}.registry'.")
        fix.append(f"Set default_scope = '{sc}' in the config (the codebase's default_runtime.py sets it); in a custom script call from {sc}.utils import register_all_modules; register_all_modules(init_default_scope=True) before Runner.from_cfg / init_detector.")
    elif scope and owner and owner[0] != scope:
        derived["what"] = f"'{name}' belongs to {owner[0]} but the scope is {scope}"
        parts.append(f"{short} is registered by {owner[0]}, but the lookup ran in the {scope} scope: the config's default_scope (or the _scope_ of the surrounding block) names {scope}.")
        fix.append(f"Set default_scope = '{owner[0]}' when {owner[0]} runs the experiment, or prefix the type with its scope: type='{owner[0]}.{short}' (mmengine resolves 'scope.Class').")
        fix.append(f"Make sure {owner[1]} is installed in this environment (pip show {owner[1]}).")
    else:
        derived["what"] = f"'{name}' is not registered in {where}"
        parts.append(f"No module registered '{short}' in the {where} registry before the config was built: a custom or project module whose file was never imported, a typo or a class renamed between versions, or a module from a newer release than the one installed.")
        if gen1:
            fix.append("Import the module that registers it before building: custom_imports = dict(imports=['projects.my_module'], allow_failed_imports=False) in the config, or (BEVFormer/FUTR3D style) plugin=True, plugin_dir='projects/mmdet3d_plugin/' and run from the repository root.")
        else:
            fix.append(f"Import the module that registers it: custom_imports = dict(imports=['projects.my_module'], allow_failed_imports=False) in the config (the decorator @MODELS.register_module() runs only when its file is imported), and run from the repository root or put it on PYTHONPATH.")
        fix.append(f"Find where it is defined: grep -rn 'class {short}' --include=*.py . in the project, and in the installed codebase - a hit in a file nothing imports needs custom_imports; no hit means a typo, a rename, or a class added in a later release than the one installed.")
    if failed_location:
        parts.append(f"mmengine also reported that importing {failed_location} failed: that import error (a missing dependency or a broken module) is why the registry is empty - run python -c 'import {failed_location}' to see it.")
        fix.insert(0, f"Fix the import of {failed_location} first: python -c 'import {failed_location}' shows the real error.")
    derived["hint"] = fix[0] if fix else ""
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
