"""Computed diagnosis for data.collate-unsupported-type: decode what 'found' names."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CLASS = re.compile(r"<class '([\w.]+)'>")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    found = facts.get("found")
    if not isinstance(found, str) or not found:
        return None
    m = _CLASS.match(found)
    name = m.group(1) if m else found
    short = name.split(".")[-1]
    if name == "NoneType":
        diagnosis = "a sample field is None"
        text = ("At least one sample (or one of its fields) is None: __getitem__ or a transform returned None - typically a file "
                "that failed to load (cv2.imread returns None), a missing return, or a 'skip' path that returns None.")
        fix = ("Find the samples: [i for i in range(len(ds)) if ds[i] is None or None in (ds[i] if isinstance(ds[i], (list, tuple)) else [])]",
               "fix the loading, or collate_fn=lambda b: default_collate([x for x in b if x is not None])")
    elif name == "object" or name in ("|O", "O"):
        diagnosis = "numpy array of dtype object"
        text = ("A field is a numpy array of dtype object: ragged lists (rows of different lengths), mixed types, or pandas "
                ".values of mixed columns.")
        fix = ("np.asarray(x, dtype=np.float32) for numeric data (pad ragged rows first), or return a list and write a collate_fn.",)
    elif re.match(r"^[<>|=]?[UuSa]\d*$", name):
        diagnosis = f"numpy string array ({name})"
        text = f"A field is a numpy array of strings (dtype {name}); default_collate only batches numeric arrays."
        fix = ("Encode labels to integers (a class-to-index map) or return Python str instead of a numpy string array.",)
    elif "PIL" in name or short.endswith("ImageFile") or short == "Image":
        diagnosis = "PIL image not converted"
        text = f"A field is a PIL image ({name}): the transform does not end with a tensor conversion."
        fix = ("Add transforms.ToTensor() (or v2.ToImage(), v2.ToDtype(torch.float32, scale=True)) at the end of the transform.",)
    elif name.startswith("torch_geometric"):
        diagnosis = "torch_geometric Data with torch's DataLoader"
        text = "torch_geometric graphs need PyG's batching (concatenated node tensors and a batch vector)."
        fix = ("from torch_geometric.loader import DataLoader (instead of torch.utils.data.DataLoader).",)
    elif name.startswith(("mmdet", "mmengine", "mmseg", "mmpose", "mmocr")):
        diagnosis = "OpenMMLab data sample with default collate"
        text = f"{short} objects are batched by mmengine's pseudo_collate/default_collate, not torch's."
        fix = ("Build the loader from the config (Runner.build_dataloader) or pass collate_fn=mmengine.dataset.pseudo_collate.",)
    elif short in ("builtin_function_or_method", "function", "method"):
        diagnosis = "a function object instead of its result"
        text = "A field is a function/method object: somewhere a call is missing its parentheses (x.copy instead of x.copy())."
        fix = ("Look at what __getitem__ returns for each field and add the missing ().",)
    elif short.endswith("Dataset"):
        diagnosis = "a Dataset object inside the sample"
        text = f"A sample contains a {short} object: the dataset returns another dataset (or the loader wraps the wrong object)."
        fix = ("Return the item (dataset[i]) rather than the dataset; check what is passed to DataLoader.",)
    else:
        diagnosis = f"unsupported type {short}"
        text = f"A field is a {name}, which default_collate does not know how to batch."
        fix = ("Convert it to a tensor/number in __getitem__, or pass a collate_fn that handles it (e.g. returns a list).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
