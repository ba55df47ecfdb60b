"""Computed diagnosis for mmengine.annotation-format-outdated: which dataset and how to convert."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CONVERT = {"KittiDataset": "kitti", "NuScenesDataset": "nuscenes", "WaymoDataset": "waymo", "LyftDataset": "lyft",
            "S3DISDataset": "s3dis", "ScanNetDataset": "scannet", "SUNRGBDDataset": "sunrgbd",
            "SemanticKittiDataset": "semantickitti"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ds = str(facts.get("dataset") or "").strip()
    path = str(facts.get("dataset_file") or "")
    got = str(facts.get("got_type") or "").strip()
    if not ds and not got and facts.get("_signature") is None:
        return None
    who = ds or "The dataset"
    shape = f"a {got.replace(chr(39), '').replace('<class ', '').rstrip('>')}" if got else "a dict without data_list/metainfo"
    text = (f"{who} is an mmengine BaseDataset and needs ann_file = {{'metainfo': ..., 'data_list': [...]}}; "
            f"the file holds {shape} - the pre-1.x info/annotation layout.")
    fix: list[str] = []
    key = _CONVERT.get(ds)
    if key or path.startswith("mmdet3d/"):
        name = key or "<dataset>"
        fix.append(f"python tools/dataset_converters/update_infos_to_v2.py --dataset {name} "
                   f"--pkl-path data/{name}/{name}_infos_train.pkl --out-dir data/{name}  (repeat for val/test)")
        fix.append(f"or regenerate with the installed mmdet3d: python tools/create_data.py {name} --root-path ./data/{name} "
                   f"--out-dir ./data/{name} --extra-tag {name}")
    else:
        fix.append("write the annotation file as dict(metainfo=dict(classes=...), data_list=[...]) or override "
                   f"load_data_list() in {ds or 'your dataset class'}")
    what = f"{who} cannot read its ann_file: old annotation layout ({shape}) for mmengine BaseDataset"
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
