"""Computed diagnosis for torch.target-out-of-bounds: what the offending label value says about the mistake."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("target") is None:
        return Explanation(
            text="A label is outside 0..num_classes-1 (old THNN wording, which does not print the value).",
            fix=("Print labels.min() and labels.max() of the failing batch and compare with logits.shape[1].",),
        )
    t = int(facts["target"])
    derived: dict[str, Any] = {"min_num_classes": t + 1 if t >= 0 else None}
    fix: list[str] = []
    if t < 0:
        derived["min_num_classes"] = None
        text = (
            f"Label {t} is negative. Only ignore_index (default -100) may be negative, so {t} is treated as a class index."
        )
        if t == -1:
            text += " -1 usually marks missing/padded labels, or 0-based labels were shifted by -1 a second time."
            fix.append("If -1 means 'no label': nn.CrossEntropyLoss(ignore_index=-1), or replace -1 with -100 in the labels.")
            fix.append("If labels were already 0-based, remove the extra `labels - 1`.")
        else:
            fix.append(f"Replace {t} with -100 (the default ignore_index) or pass ignore_index={t} to the loss.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    text = (
        f"Label {t} needs a class dimension of at least {t + 1}; the logits have {t} or fewer classes "
        f"(valid labels are 0..C-1)."
    )
    if t == 255:
        text += " 255 is the void/boundary label of VOC-style segmentation masks."
        fix.append("Skip void pixels: nn.CrossEntropyLoss(ignore_index=255).")
        fix.append("If 255 is foreground in a binary mask, convert the mask to 0/1 (mask = (mask > 127).long()).")
    elif 100 < t < 255:
        text += " A value in this range in a segmentation mask is usually a grey level, not a class index."
        fix.append("Convert masks to class indices (palette 'P' images or a colour->index map) and resize them with nearest-neighbour interpolation.")
        fix.append(f"If there really are {t + 1}+ classes, size the head with at least {t + 1} outputs.")
    elif t >= 1000:
        text += " A label this large is usually a token id: the labels come from a tokenizer with more tokens than the model's output layer."
        fix.append("After adding tokens, call model.resize_token_embeddings(len(tokenizer)); check labels were built with the model's own tokenizer.")
    else:
        fix.append(
            f"If you have {t} classes labelled 1..{t}, make them 0-based: labels = labels - 1."
        )
        fix.append(
            f"If there are really {t + 1} or more classes, size the output layer for them: nn.Linear(in_features, {t + 1}) / num_labels={t + 1} (better: len(set(labels)))."
        )
    return Explanation(text=text, fix=tuple(fix), derived=derived)
