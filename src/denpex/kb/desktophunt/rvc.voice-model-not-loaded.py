"""Computed diagnosis for rvc.voice-model-not-loaded: which model object was missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHAT = {
    "pipeline": ("the VC pipeline (self.pipeline) is None", "RVC 0813/1006+ (infer/modules/vc/modules.py)"),
    "cpt": ("the loaded checkpoint global 'cpt' was never set", "RVC beta 2023 infer-web.py / EasierGUI"),
    "vc": ("the pipeline global 'vc' was never set", "RVC beta 2023 infer-web.py"),
    "net_g": ("the synthesizer global 'net_g' was never set", "RVC beta 2023 infer-web.py"),
    "tgt_sr": ("the model's sample rate global was never set", "RVC beta 2023 infer-web.py"),
    "version": ("the model version global was never set", "RVC beta 2023 infer-web.py"),
    "get": ("the checkpoint 'cpt' is None (cpt.get)", "RVC 0813 infer-web.py"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    symbol = facts.get("symbol")
    if not symbol:
        return None
    what, release = _WHAT.get(str(symbol), (f"'{symbol}' is missing", "RVC WebUI"))
    text = (f"In vc_single {what}: this is {release}, and the object is created only when a voice model is "
            "selected in the 'Inferencing voice' dropdown (get_vc). No model was loaded when Convert was pressed, "
            "or loading it failed.")
    fix = ("Select the voice model in the dropdown (Refresh voice list first), wait for it to load, then Convert.",
           "If selecting prints an error, the .pth is not an RVC inference model (use weights/<name>.pth, not logs/G_*.pth).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": what})
