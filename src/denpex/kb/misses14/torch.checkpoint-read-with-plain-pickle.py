"""Computed diagnosis for torch.checkpoint-read-with-plain-pickle: who read the file, and what file it was."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    loader = str(facts.get("loader") or "")
    name = str(facts.get("file_name") or "")
    derived: dict[str, Any] = {"loader_text": f" in {loader}()" if loader else ""}
    if name.lower() == "data.pkl":
        derived["diagnosis"] = "inner data.pkl of an unpacked torch checkpoint"
        text = ("'data.pkl' is the pickle inside a torch zip checkpoint; its tensors are stored in the data/ files "
                "next to it, so it cannot be read on its own.")
        fix = ("Load the original .pth/.pt file with torch.load(path, map_location='cpu') instead of the extracted data.pkl.",)
    elif loader and ("pickle" in loader or "Unpickler" in loader or "read_pickle" in loader):
        derived["diagnosis"] = "torch.save file read with plain pickle"
        what = f" {name}" if name else ""
        text = f"The file{what} was written by torch.save and is read with {loader}(), which cannot resolve tensor storages."
        fix = (f"Replace {loader}(f) with torch.load(path, map_location='cpu') (weights_only=False only for trusted files).",)
    else:
        derived["diagnosis"] = "persistent ids without a loader"
        text = "The pickle refers to external objects (torch.save tensor storages) and the reader has no persistent_load."
        fix = ("Read the file with torch.load, or re-save it with plain pickle from a torch process.",)
    return Explanation(text=text, fix=fix, derived=derived)
