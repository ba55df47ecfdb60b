"""Computed diagnosis for yolov7.aux-head-trainer-mismatch: which direction the script/model pairing is wrong
and the command line with the right script for the model named in --cfg."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_P6 = re.compile(r"yolov7-?(w6|e6e|e6|d6)", re.IGNORECASE)
_P5 = re.compile(r"yolov7(x|-tiny)?(?:[-_.]|\b)", re.IGNORECASE)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature") or ""
    if not sig:
        return None
    cfg = str(facts.get("cfg") or "")
    script = str(facts.get("script") or "")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    p6 = _P6.search(cfg)
    if sig == "train-py-on-aux-model":
        derived["what"] = "A YOLOv7 aux-head (P6) model was trained with train.py; it needs train_aux.py"
        derived["right_script"] = "train_aux.py"
        text = ("train.py's single-head loss (ComputeLossOTA) received the lead and auxiliary outputs of an IAuxDetect "
                "model and ran out of target indices at 'b, a, gj, gi = indices[i]'.")
        model = p6.group(0).lower() if p6 else "yolov7-w6"
        fix.append(f"python train_aux.py --cfg cfg/training/{model}.yaml --weights {model}_training.pt --hyp data/hyp.scratch.p6.yaml --img 1280 1280 <your other args>")
    else:
        derived["what"] = "train_aux.py was run on a YOLOv7 model without auxiliary heads (P5 model or deploy cfg/weights)"
        derived["right_script"] = "train.py"
        text = ("train_aux.py's loss (ComputeLossAuxOTA) looked for auxiliary outputs at p[i+nl], but the model returned only "
                "its lead-head outputs: a P5 model (yolov7, yolov7x, tiny) or a deploy cfg/weights.")
        if p6:
            model = p6.group(0).lower()
            fix.append(f"Keep train_aux.py but use the training cfg and weights: --cfg cfg/training/{model}.yaml --weights {model}_training.pt (deploy files have no aux head).")
        else:
            fix.append("python train.py --cfg cfg/training/yolov7.yaml (or yolov7x / yolov7-tiny) --weights yolov7_training.pt --hyp data/hyp.scratch.p5.yaml <your other args>")
    if cfg:
        if sig == "train-py-on-aux-model":
            derived["cfg_family"] = "P6 with aux head (IAuxDetect)"
        elif p6:
            derived["cfg_family"] = "P6 name but no aux head (deploy cfg?)"
        else:
            derived["cfg_family"] = "no aux head (P5 / IDetect)" if _P5.search(cfg) or "custom" in cfg.lower() else "no aux head"
        text += f" --cfg is {cfg} ({derived['cfg_family']})."
    if script:
        text += f" The script that ran is {script.replace(chr(92), '/').rsplit('/', 1)[-1]}."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
