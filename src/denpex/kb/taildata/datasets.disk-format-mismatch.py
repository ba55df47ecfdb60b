"""Computed diagnosis for datasets.disk-format-mismatch: name the loader that fits the folder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _parent(path: str) -> str:
    path = path.replace("\\", "/")
    return path.rsplit("/", 1)[0] if "/" in path else "."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    path = str(facts.get("path") or "").strip()
    missing = str(facts.get("missing_file") or "").strip()
    folder = path or (_parent(missing) if missing else "")
    where = f" '{folder}'" if folder else ""
    if sig == "load-dataset-on-saved":
        return Explanation(
            text="load_dataset was given a folder written by save_to_disk; only load_from_disk reads that layout.",
            fix=("Use datasets.load_from_disk(path) for that folder.",
                 "If the tool only calls load_dataset, export the data: ds.to_parquet('train.parquet') per split and pass data_files."),
            derived={"diagnosis": "load_dataset used on a save_to_disk folder"},
        )
    if sig == "neither-dataset-nor-dict":
        return Explanation(
            text=(f"load_from_disk found neither state.json+dataset_info.json nor dataset_dict.json in{where}: it is raw data files, "
                  "a Hub snapshot, the wrong directory level, or a save that did not finish."),
            fix=(f"For raw files in{where}: load_dataset('json'|'csv'|'parquet', data_files=...) instead of load_from_disk.",
                 f"List{where} (ls): if it has split sub-folders, point at the folder that holds dataset_dict.json; if the save was interrupted, delete it and save again."),
            derived={"diagnosis": f"load_from_disk on a folder that is not a saved dataset{where}"},
        )
    if sig == "dataset-got-dict":
        return Explanation(
            text=f"The folder{where} holds a saved DatasetDict (dataset_dict.json + one folder per split), read with Dataset.load_from_disk.",
            fix=(f"datasets.load_from_disk('{folder or 'path'}') or DatasetDict.load_from_disk(...), then take the split: ds['train'].",
                 f"Or load one split directly: Dataset.load_from_disk('{(folder or 'path')}/train')."),
            derived={"diagnosis": "Dataset.load_from_disk on a DatasetDict folder"},
        )
    if sig == "dict-got-dataset":
        return Explanation(
            text=f"The folder{where} holds a single saved Dataset (state.json), read with DatasetDict.load_from_disk.",
            fix=(f"datasets.load_from_disk('{folder or 'path'}') or Dataset.load_from_disk(...); wrap it as DatasetDict({{'train': ds}}) if a dict is needed.",),
            derived={"diagnosis": "DatasetDict.load_from_disk on a single-Dataset folder"},
        )
    return Explanation(
        text=f"The folder{where} has none of the save_to_disk metadata files: it was not written by save_to_disk (or not completely).",
        fix=("Use load_dataset for raw files / Hub ids; use load_from_disk only on save_to_disk output.",),
        derived={"diagnosis": f"path is not a save_to_disk folder{where}"},
    )
