"""Computed diagnosis for nnunet.fold-missing: which fold of which trainer/plans/configuration."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fold = str(facts.get("fold") or "")
    model = str(facts.get("model") or "")
    missing = str(facts.get("missing_folds") or "")
    derived: dict[str, Any] = {"fold": fold or (missing or "?"), "model": model or "the v1 model"}
    parts: list[str] = []
    fix: list[str] = []
    m = re.search(r"(?P<ds>Dataset\d+_[^/\\]+)[/\\](?P<tr>[^/\\]+?)__(?P<pl>[^/\\]+?)__(?P<cfg>[^/\\]+)$", model)
    if m:
        ds, tr, pl, cfg = m.group("ds"), m.group("tr"), m.group("pl"), m.group("cfg")
        parts.append(f"nnU-Net looked for {model}/fold_{fold}/validation (trainer {tr}, plans {pl}, configuration {cfg}) and it is not there.")
        parts.append(f"Either fold {fold} was not trained to the end (its final validation runs after the last epoch), or training used another trainer/plans than this command.")
        fix.append(f"Check: ls {model}/fold_{fold}/ - it needs checkpoint_final.pth and validation/.")
        fix.append(f"Train or finish it: nnUNetv2_train {ds} {cfg} {fold} -tr {tr} -p {pl} --npz (add --c to continue an interrupted run).")
        fix.append(f"Checkpoint final but no validation: nnUNetv2_train {ds} {cfg} {fold} -tr {tr} -p {pl} --val --npz.")
        fix.append(f"Or restrict to trained folds and the right model: nnUNetv2_find_best_configuration {ds} -c {cfg} -tr {tr} -p {pl} -f <trained folds>.")
    elif fold:
        parts.append(f"Fold {fold} of {model} has no validation output: it was not trained to the end, or the command points at another trainer/plans folder.")
        fix.append(f"Train fold {fold} to the end with --npz (or run its validation with --val --npz), or pass -f with the trained folds only.")
    elif missing:
        parts.append(f"nnU-Net v1 found no validation_raw for folds {missing}.")
        fix.append(f"Train folds {missing} (nnUNet_train <config> <trainer> <task> <fold> --npz) or rerun their validation with --validation_only --npz.")
    else:
        parts.append("nnU-Net v1 merged fewer validation predictions than there are training cases: some folds are untrained or their validation is incomplete.")
        fix.append("Rerun validation for each fold: nnUNet_train <config> <trainer> <task> <fold> --validation_only --npz.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
