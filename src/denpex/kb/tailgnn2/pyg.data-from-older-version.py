"""Computed diagnosis for pyg.data-from-older-version: which load path produced the old object."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CONVERT = ("old = torch.load(path, weights_only=False); "
            "new = Data.from_dict({k: v for k, v in old.__dict__.items() if v is not None}); torch.save(new, path)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    frame = str(facts.get("dataset_file") or facts.get("loader_file") or "")
    if facts.get("dataset_file"):
        text = ("The processed file of an InMemoryDataset was written by PyG 1.x and is being reused by PyG 2.x "
                f"(the traceback passes through torch_geometric/data/{frame}.py). Deleting the dataset's processed/ folder "
                "makes PyG re-run process() from raw/ with the installed version.")
        fix = ("rm -rf <dataset root>/processed  # then run again; raw/ must still be there",
               "if raw/ is missing: convert the collated data with Data.from_dict(data.__dict__) and keep the slices, or use torch-geometric==1.7.2")
        diag = "processed dataset from PyG 1.x"
    elif frame in ("data", "hetero_data", "batch"):
        text = ("A Data object unpickled from a PyG 1.x file is being accessed (the error comes from Data.__getattr__): it has "
                "its tensors in __dict__ but no _store. If it was loaded with torch.load from a file the repository ships, "
                "deleting processed/ will not help; convert it once.")
        fix = (_CONVERT, "or run the code with the PyG 1.x release it was written for (torch-geometric==1.7.2, torch 1.8/1.9)")
        diag = "pickled PyG 1.x Data object"
    else:
        text = ("An object pickled by PyG 1.x is read by PyG 2.x. Delete processed/ when raw files exist; otherwise "
                "convert the objects with Data.from_dict(old.__dict__).")
        fix = ("rm -rf <dataset root>/processed", _CONVERT)
        diag = "PyG 1.x pickle"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
