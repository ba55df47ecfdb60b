"""Computed diagnosis for torchmetrics.removed-api: the replacement name and the pin."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Old name -> new name (torchmetrics 0.7 renames, old names gone in 0.8).
_RENAMED = {
    "F1": "F1Score",
    "FBeta": "FBetaScore",
    "IoU": "JaccardIndex",
    "PSNR": "PeakSignalNoiseRatio",
    "SSIM": "StructuralSimilarityIndexMeasure",
    "Hinge": "HingeLoss",
    "MatthewsCorrcoef": "MatthewsCorrCoef",
    "WER": "WordErrorRate",
    "CER": "CharErrorRate",
    "f1": "f1_score",
    "fbeta": "fbeta_score",
    "iou": "jaccard_index",
    "psnr": "peak_signal_noise_ratio",
    "ssim": "structural_similarity_index_measure",
    "hinge": "hinge_loss",
    "wer": "word_error_rate",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("name")
    module = facts.get("module") or "torchmetrics"
    if not name:
        return None
    name = str(name)
    if str(module).startswith("pytorch_lightning") and name == "metrics":
        text = ("pytorch_lightning.metrics was deprecated in pytorch-lightning 1.3 and removed in 1.5: the metrics moved to "
                "the separate torchmetrics package, and the installed pytorch-lightning is newer than the code expects.")
        fix = ("Port the import: from pytorch_lightning.metrics.X import Y -> from torchmetrics import Y (pip install torchmetrics),",
               "or pin the release the repository was written for: pip install 'pytorch-lightning<1.5'.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "pytorch_lightning.metrics removed (moved to torchmetrics)"})
    if name in _RENAMED:
        new = _RENAMED[name]
        text = (f"'{name}' was renamed to '{new}' in torchmetrics 0.7 and the old name was removed in 0.8; "
                f"the installed torchmetrics has only '{new}'.")
        fix = (f"Use {new} instead of {name} (on torchmetrics 0.11+ also pass task='binary'|'multiclass'|'multilabel' and num_classes).",
               "or pin the old release: pip install 'torchmetrics==0.7.3'",
               "If the import is inside pytorch_lightning/, upgrade pytorch-lightning instead of editing it.")
        diagnosis = f"renamed: {name} -> {new}"
    elif name.startswith("_"):
        text = (f"'{name}' is a private helper of {module} that newer torchmetrics releases dropped; "
                "the code importing it (often an old pytorch-lightning) expects an older torchmetrics.")
        fix = ("Upgrade pytorch-lightning/lightning to a release that supports your torchmetrics,",
               "or pin torchmetrics to the release the code was written for (e.g. pip install 'torchmetrics==0.11.4').")
        diagnosis = f"private helper {name} removed"
    else:
        text = (f"'{name}' is not in {module} of the installed torchmetrics: it was removed or moved in a refactor "
                "(0.11 reorganised classification utilities such as get_num_classes).")
        fix = ("Pin the torchmetrics release the repository was written for (check its requirements or commit date), e.g. pip install 'torchmetrics==0.10.3',",
               "or port the code to the current API.")
        diagnosis = f"{name} removed from {module}"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
