"""Computed diagnosis for deepspeed.training-data-invalid: which check failed and what to pass instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig == "is-map-style-nameerror":
        return Explanation(
            text=("DeepSpeed 0.3.15's deepspeed_io calls is_map_style_dataset as a bare function (a typo for the engine method), "
                  "so any deepspeed.initialize(..., training_data=...) fails - your dataset is not the problem."),
            fix=("pip install -U deepspeed (fixed in the next release).",
                 "Or remove training_data from deepspeed.initialize and iterate your own DataLoader with a DistributedSampler."),
            derived={"diagnosis": "deepspeed-0.3.15-bug"},
        )
    if sig != "not-a-dataset":
        return None
    version = str(facts.get("ds_version") or "")
    try:
        old = tuple(int(x) for x in version.split(".")[:3]) < (0, 3, 15)
    except ValueError:
        old = False
    if version and old:
        text = (f"DeepSpeed {version} (before 0.3.15) accepts only subclasses of torch.utils.data.Dataset as training_data; the object "
                "passed is something else (a DataLoader, a list, a Hugging Face datasets.Dataset ...).")
        diagnosis = "not-a-torch-dataset-subclass"
        fix = ["Wrap the data in a torch.utils.data.Dataset subclass, or upgrade DeepSpeed (newer releases accept any object with __getitem__ and __len__)."]
    else:
        text = ("deepspeed.initialize got a training_data object that is neither map-style (__getitem__ and __len__) nor a torch "
                "IterableDataset - most often an already-built torch DataLoader or a generator.")
        diagnosis = "not-map-or-iterable-style"
        fix = ["If you passed a DataLoader, pass its .dataset instead (DeepSpeed builds the distributed loader from it)."]
    fix.append("Or drop training_data and keep your own DataLoader (DistributedSampler, batch_size = train_micro_batch_size_per_gpu).")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
