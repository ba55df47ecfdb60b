"""Computed diagnosis for torch.loss-target-shape: read the expected vs actual target sizes and say which
layout mistake it is (class dim not at 1, one-hot / [N,1], mask with channel)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: Any) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", str(s or ""))]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "expected-target-size":
        exp, got = _dims(facts.get("expected_size")), _dims(facts.get("target_size"))
        if not exp:
            return None
        text = f"Cross entropy expected a target of shape {exp} (input shape without dim 1) but got {got}."
        fix = []
        if len(exp) == 2 and len(got) == 2 and exp[0] == got[0] and exp[1] != got[1]:
            b, v, t = exp[0], exp[1], got[1]
            text += (f" The logits are laid out [batch={b}, {t}, {v}] with the {v} classes last: dim 1 ({t}) was taken as the classes.")
            fix.append(f"F.cross_entropy(logits.reshape(-1, {v}), labels.reshape(-1)) or F.cross_entropy(logits.permute(0, 2, 1), labels)")
        else:
            fix.append("Move the class dimension of the logits to dim 1 and make the target the logits' shape without dim 1.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": f"cross-entropy target shape {got} does not match expected {exp}"})
    if sig == "spatial-targets":
        tdim = facts.get("target_dim")
        tsize = _dims(facts.get("target_size"))
        n = tdim if tdim is not None else (len(tsize) if tsize else None)
        if n == 4:
            text = "A 4-D input [N, C, H, W] needs a 3-D target [N, H, W] of class ids; the target has 4 dimensions (a mask with a channel axis, [N, 1, H, W] or RGB [N, H, W, 3])."
            fix = ("target = mask.squeeze(1).long() for [N, 1, H, W]; convert RGB masks to class-id maps in the dataset.",)
        else:
            desc = f"{n}-D" + (f" {tsize}" if tsize else "") if n is not None else "wrong-rank"
            text = f"A 4-D input [N, C, H, W] needs a 3-D target [N, H, W]; the target is {desc}: the output is spatial but the labels are not (or the other way round)."
            fix = ("Give the loss per-pixel class maps [N, H, W], or reduce the model output to [N, C] for per-image labels.",)
        return Explanation(text=text, fix=fix, derived={"what": f"segmentation target has {n} dimensions, cross entropy needs 3" if n is not None else "segmentation target of the wrong rank"})
    text = ("The target has more than one value per sample (one-hot [N, C] or a [N, 1] column) for a [N, C] input; "
            "CrossEntropyLoss/NLLLoss want one integer class id per sample.")
    fix = ("[N, 1] labels: target.squeeze(1).long(); one-hot labels: target.argmax(dim=1).",
           "Several true classes per sample (multi-label): use BCEWithLogitsLoss with float [N, C] targets.")
    return Explanation(text=text, fix=fix, derived={"what": "cross-entropy target is one-hot / [N, 1] instead of class ids (multi-target)"})
