"""Computed diagnosis for yacs.config-key-missing: is the key a project extension, a leaf rename or a typo."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Top-level MODEL.<X> sections added by well-known detectron2 projects -> the function that declares them.
_PROJECT_SECTIONS = {
    "MASK_FORMER": ("Mask2Former/MaskFormer", "add_maskformer2_config(cfg) (MaskFormer: add_mask_former_config)"),
    "SEM_SEG_HEAD": ("a semantic-segmentation project", "the project's add_*_config(cfg)"),
    "DENSEPOSE_HEAD": ("DensePose", "add_densepose_config(cfg)"),
    "POINT_HEAD": ("PointRend", "add_pointrend_config(cfg)"),
    "ONE_FORMER": ("OneFormer", "add_oneformer_config(cfg)"),
    "FCOS": ("AdelaiDet", "AdelaiDet's get_cfg (adet.config.get_cfg)"),
    "BASIS_MODULE": ("AdelaiDet BlendMask", "adet.config.get_cfg()"),
    "CONDINST": ("AdelaiDet CondInst", "adet.config.get_cfg()"),
    "DETR": ("DETR (d2 wrapper)", "add_detr_config(cfg)"),
    "DEFORMABLE_DETR": ("Deformable-DETR d2 port", "the project's add_*_config(cfg)"),
    "VIT": ("ViTDet/ViT backbone project", "the project's add_vit_config(cfg)"),
    "SWIN": ("a Swin backbone project", "add_swin_config(cfg)"),
    "RESNETS_EXTRA": ("a backbone project", "the project's add_*_config(cfg)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not isinstance(key, str) or not key:
        return None
    parts = key.split(".")
    section = parts[1] if len(parts) > 1 and parts[0] == "MODEL" else parts[0]
    leaf = parts[-1]
    if section in _PROJECT_SECTIONS:
        project, func = _PROJECT_SECTIONS[section]
        kind = "project-extension"
        text = (f"'{key}' belongs to {project}: its keys exist only after {func} has been called on get_cfg(), "
                "before merge_from_file.")
        fix = (f"cfg = get_cfg(); {func.split(' ')[0]}; cfg.merge_from_file(<yaml>) - or use the project's train_net.py setup().",)
    elif len(parts) <= 2:
        kind = "unknown-section"
        text = (f"'{key}' is a whole section the default config lacks: the YAML is for a project extension or another codebase "
                "(its add_*_config was not called), or for a different release.")
        fix = (f"grep -rn '{leaf}' in the project to find the add_*_config that declares it and call it before merge_from_file.",)
    else:
        kind = "leaf"
        text = (f"The section of '{key}' exists but the leaf '{leaf}' does not: a key renamed/removed between releases of the "
                "codebase, or a typo in the YAML/opts.")
        fix = (f"python -c \"from detectron2.config import get_cfg; print(get_cfg().dump())\" | grep -i '{leaf[:8]}'  # find the current name",
               "Install the codebase version the config came from, or rename the key.")
    return Explanation(text=text, fix=fix, derived={"section": section, "leaf": leaf, "key_kind": kind})
