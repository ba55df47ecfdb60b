"""Computed diagnosis for gptsovits.training-data-missing: which prepared output is missing, or how many clips survived."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHAT = {
    "path2": ("2-name2text.txt", "text/phoneme step (1Aa, 1-get-text.py)"),
    "path4": ("4-cnhubert/", "SSL feature step (1Ab, 2-get-hubert-wav32k.py)"),
    "path5": ("5-wav32k/", "resampled audio step (1Ab, 2-get-hubert-wav32k.py)"),
    "path7": ("7-sv_cn/", "v2Pro speaker-vector step (2-get-sv.py)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exp = str(facts.get("exp_dir") or "logs/<exp>")
    if facts.get("missing"):
        key = str(facts.get("missing") or "")
        name, step = _WHAT.get(key, ("a formatting output", "dataset formatting (1A)"))
        text = (f"SoVITS training found no {exp}/{name}: the {step} did not produce it for this experiment "
                "(not run, failed, or run under another experiment name / working directory).")
        fix = (f"run 1A dataset formatting for this experiment name and read its console for the first error",
               f"check that {exp}/ contains 2-name2text.txt, 4-cnhubert, 5-wav32k (7-sv_cn for v2Pro) before training")
        return Explanation(text=text, fix=fix, derived={"problem": f"missing: {exp}/{name}"})
    else:
        left = facts.get("total_left")
        sp, sd = facts.get("skipped_phone"), facts.get("skipped_dur")
        detail = []
        if sp:
            detail.append(f"{sp} dropped for missing phoneme data (name not in 2-name2text.txt)")
        if sd:
            detail.append(f"{sd} dropped for duration outside 0.6-54 s")
        text = "Fewer than two clips survived the loader's filters"
        if left is not None:
            text += f" (total left: {left})"
        text += (": " + "; ".join(detail) + ".") if detail else "."
        fix = ["slice the audio into 1-50 s clips and keep enough of them (dozens, not one or two)",
               "re-run 1A formatting after changing clips or the .list file so names match"]
        if sd and not sp:
            fix.insert(0, "most clips were rejected for length: re-slice long recordings / drop sub-0.6 s fragments")
        return Explanation(text=text, fix=tuple(fix), derived={"problem": "too few usable clips"})
