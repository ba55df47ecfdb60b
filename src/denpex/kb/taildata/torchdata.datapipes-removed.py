"""Computed diagnosis for torchdata.datapipes-removed: name the importer and the pin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = {
    "dgl": "dgl imports torchdata.datapipes from dgl.graphbolt at 'import dgl': pin torchdata<0.10 matching torch, or use a dgl release that no longer needs it.",
    "torchtext": "torchtext (no longer developed) builds its datasets on DataPipes: pin torchdata<0.10 with the torch/torchtext pair released together.",
    "matgl": "matgl loads dgl models, and dgl imports torchdata.datapipes: pin torchdata<0.10 (or use matgl's PyG backend).",
    "espaloma_charge": "espaloma_charge pulls in dgl, which imports torchdata.datapipes: pin torchdata<0.10 (e.g. 0.7.1 with torch 2.1 / 0.9.0 with torch 2.5).",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "datapipes")
    importer = str(facts.get("importer") or "").strip()
    if importer in ("site", "python3", "lib", "torchdata", "torch"):
        importer = ""
    fix = [_HINTS.get(importer, "Pin torchdata to the release paired with your torch: torch 2.5 -> 0.9.0, torch 2.4 -> 0.8.0, torch 2.1 -> 0.7.1.")]
    if module == "dataloader2":
        fix.append("In your own code replace DataLoader2 with torch.utils.data.DataLoader or torchdata.stateful_dataloader.StatefulDataLoader.")
    else:
        fix.append("In your own code import IterDataPipe/functional_datapipe from torch.utils.data.datapipes instead of torchdata.datapipes.")
    who = f" by {importer}" if importer else ""
    return Explanation(
        text=(f"torchdata.{module} was imported{who}, but the installed torchdata is 0.10 or newer, "
              "where DataPipes and DataLoader2 were removed."),
        fix=tuple(fix),
        derived={"importer_text": f" (imported by {importer})" if importer else ""},
    )
