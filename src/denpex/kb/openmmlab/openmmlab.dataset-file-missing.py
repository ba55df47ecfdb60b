"""Computed diagnosis for openmmlab.dataset-file-missing: which dataset file is missing (COCO / VOC annotations,
mmdet3d info pickles, a custom ann_file), where the loader looked, and the config change or prep step that fixes it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "")
    if not path:
        return None
    cls = facts.get("cls") or facts.get("cls1")
    p = path.replace("\\\\", "/").replace("\\", "/")
    name = p.rsplit("/", 1)[-1]
    rel = not (p.startswith("/") or re.match(r"^[A-Za-z]:/", p) or p.startswith("~"))
    derived: dict[str, Any] = {"what": f"{cls + ' ' if cls else ''}cannot open {path}"}
    parts: list[str] = []
    fix: list[str] = []
    who = f"{cls} (built from the config)" if cls else "The dataset"
    parts.append(f"{who} opens '{path}' while it is being built, and the file is not there.")
    if re.search(r"_(?:db)?infos_[A-Za-z0-9_]*\.pkl$", name):
        derived["what"] = f"mmdet3d info file {name} was never generated"
        parts.append(f"{name} is not shipped with the dataset: MMDetection3D generates the *_infos_*.pkl files from the raw data in a preparation step.")
        tag = re.sub(r"_(?:db)?infos_.*$", "", name) or "<dataset>"
        root = p.rsplit("/", 1)[0] if "/" in p else "./data/<dataset>"
        ds = next((d for d in ("nuscenes", "kitti", "waymo", "lyft", "s3dis", "scannet", "sunrgbd") if d in tag.lower() or d in root.lower()), "<dataset>")
        fix.append(f"Run the data preparation first, from the repository root: python tools/create_data.py {ds} --root-path {root} --out-dir {root} --extra-tag {tag} "
                   "(the extra-tag must match the file prefix the config expects; nuScenes also takes --version v1.0-trainval or v1.0-mini).")
    elif re.match(r"instances_[a-z]+20(?:14|17)\.json$|person_keypoints_[a-z]+20(?:14|17)\.json$", name):
        derived["what"] = f"COCO annotation {name} not found at {path}"
        parts.append("The config uses the standard COCO layout (<data_root>/annotations/instances_train2017.json, train2017/, val2017/) from its _base_ dataset file.")
        fix.append("Link the dataset where the config expects it, from the repository root: mkdir -p data && ln -s /path/to/coco data/coco (the folder must contain annotations/, train2017/, val2017/).")
    elif "ImageSets/" in p:
        derived["what"] = f"VOC split file {name} not found"
        fix.append("Link VOCdevkit under data/ (data/VOCdevkit/VOC2007/ImageSets/Main/trainval.txt ...) or point ann_file at your split files.")
    if rel:
        parts.append(f"The path is relative, so it is resolved from the current working directory{'; data/... is the default data_root of the OpenMMLab _base_ dataset configs' if p.startswith(('data/', './data/')) else ''}.")
        fix.append("Run from the repository root, or use absolute paths for data_root.")
    fix.append("Point the config at your data: mmdet 3.x / mmengine - set data_root and ann_file (relative to data_root) and data_prefix=dict(img=...) in train_dataloader.dataset, val_dataloader.dataset and test_dataloader.dataset (and the val_evaluator ann_file); "
               "mmdet 2.x - set ann_file and img_prefix in data.train / data.val / data.test: redefining data_root in a child config does not change paths the _base_ file already joined.")
    derived["hint"] = fix[0]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
